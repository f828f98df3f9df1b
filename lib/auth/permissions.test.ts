import { describe, expect, it } from 'vitest';
import { membershipRoles } from '@/db/schema';
import { can, type Permission, permissions } from './permissions';

const everyone = ['owner', 'admin', 'editor'];
const managers = ['owner', 'admin'];

describe('who may do what', () => {
  it.each<[Permission, string[]]>([
    ['jobs.write', everyone],
    ['applications.review', everyone],
    ['applications.export', managers],
    ['pages.write', everyone],
    ['authors.write', everyone],
    ['cms.items.write', everyone],
    ['media.write', everyone],
    ['categories.manage', managers],
    ['companies.manage', managers],
    ['cms.collections.manage', managers],
    ['settings.manage', managers],
    ['members.manage', managers],
    ['secrets.manage', managers],
    ['api_keys.manage', managers],
    ['webhooks.manage', managers],
    ['team.manage', managers],
  ])('%s: %j', (permission, allowed) => {
    expect(membershipRoles.filter((role) => can(role, permission))).toEqual(allowed);
  });

  it('lists every permission above', () => {
    expect(Object.keys(permissions)).toHaveLength(16);
  });
});
