import { Button } from '@/components/ui/button';
import type { ApprovalStatus } from '@/lib/members/schemas';
import { setMemberApprovalAction } from './actions';

/** Approve and Reject, whichever the member is not already. */
export function ApprovalButtons({ id, name, status }: { id: string; name: string; status: ApprovalStatus }) {
  return (
    <div className="flex gap-2">
      {status !== 'approved' && (
        <form action={setMemberApprovalAction}>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="status" value="approved" />
          <Button type="submit" size="sm" aria-label={`Approve ${name}`}>
            Approve
          </Button>
        </form>
      )}
      {status !== 'rejected' && (
        <form action={setMemberApprovalAction}>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="status" value="rejected" />
          <Button type="submit" size="sm" variant="outline" aria-label={`Reject ${name}`}>
            Reject
          </Button>
        </form>
      )}
    </div>
  );
}
