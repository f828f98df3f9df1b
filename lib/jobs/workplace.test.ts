import { describe, expect, it } from 'vitest';
import { workplaceColumns, workplaceConflict } from './workplace';

describe('workplaceColumns', () => {
  it.each([
    ['a new job with nothing sent is on site', {}, undefined, 'on_site'],
    ['a new job sent is_remote true is remote', { is_remote: true }, undefined, 'remote'],
    ['a new job sent is_remote false is on site', { is_remote: false }, undefined, 'on_site'],
    ['workplace_type wins when sent', { workplace_type: 'hybrid' as const }, 'remote' as const, 'hybrid'],
    ['is_remote false takes a remote job on site', { is_remote: false }, 'remote' as const, 'on_site'],
    ['is_remote true makes a hybrid job remote', { is_remote: true }, 'hybrid' as const, 'remote'],
  ])('%s', (_, input, current, type) => {
    expect(workplaceColumns(input, current)).toEqual({ workplaceType: type, isRemote: type === 'remote' });
  });

  it('changes nothing on an update that sends neither, nor a hybrid job sent is_remote false', () => {
    expect(workplaceColumns({}, 'hybrid')).toBeUndefined();
    expect(workplaceColumns({ is_remote: false }, 'hybrid')).toBeUndefined();
  });
});

describe('workplaceConflict', () => {
  it('refuses only a pair that contradicts itself', () => {
    expect(workplaceConflict({ is_remote: true, workplace_type: 'remote' })).toBeNull();
    expect(workplaceConflict({ is_remote: false, workplace_type: 'hybrid' })).toBeNull();
    expect(workplaceConflict({ is_remote: true })).toBeNull();
    expect(workplaceConflict({ is_remote: true, workplace_type: 'hybrid' })).toMatch(/is_remote/);
    expect(workplaceConflict({ is_remote: false, workplace_type: 'remote' })).toMatch(/is_remote/);
  });
});
