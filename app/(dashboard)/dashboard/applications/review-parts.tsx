// What the applications inbox and a job's applicants page show alike.
import { Mail } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';

/** An applicant's rating in a list row: "4 of 5", or a dash while unrated. */
export function RatingCell({ rating }: { rating: number | null }) {
  return <td className="px-4 py-3 text-muted-foreground">{rating ? `${rating} of 5` : '—'}</td>;
}

/** The header's way to the mails applicants get when their status moves. */
export function StatusMailsLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href="/dashboard/applications/templates">
        <Mail /> Status mails
      </Link>
    </Button>
  );
}
