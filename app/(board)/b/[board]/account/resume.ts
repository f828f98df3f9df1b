// The profile's resume as the account page and its form show it.
import type { ProfileResume } from '@/components/board/member-forms';
import type { Member } from '@/db/schema';
import { longDate } from '@/lib/board/format';
import { formatBytes } from '@/lib/core/format';

/** How the account shows a profile's resume. */
export function profileResume(member: Member, locale: string): ProfileResume | null {
  if (!member.resumeKey || !member.resumeFilename || !member.resumeUploadedAt) return null;
  return {
    filename: member.resumeFilename,
    size: formatBytes(member.resumeBytes ?? 0),
    uploaded: { text: longDate(member.resumeUploadedAt, locale), iso: member.resumeUploadedAt.toISOString() },
  };
}
