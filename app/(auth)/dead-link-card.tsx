import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Where a mailed link leads once it no longer works: what it was, why, and the way on. */
export function DeadLinkCard({
  title,
  reason,
  next,
}: {
  title: string;
  reason: string;
  next: { href: string; label: string };
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {title}
        </CardTitle>
        <CardDescription>{reason}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="w-full">
          <Link href={next.href}>{next.label}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
