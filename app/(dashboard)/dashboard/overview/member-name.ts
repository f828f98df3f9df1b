/** Sign-up on the board names a member after their address's first part, until they change it. */
export const namedByEmail = (member: { name: string; email: string }) =>
  member.name === member.email.split('@')[0];

/** How the overview names a member: the address alone while it is all there is to say. */
export const memberLabel = (member: { name: string; email: string }) =>
  namedByEmail(member) ? member.email : `${member.name} (${member.email})`;
