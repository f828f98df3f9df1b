import type { MembershipRole } from '@/db/schema';

export const roleLabels: Record<MembershipRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
};
