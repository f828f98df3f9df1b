import type { Metadata } from 'next';
import Link from 'next/link';
import { Table, TableHead } from '@/components/ui/table';
import { errorCodeList, errorCodes } from '@/lib/core/errors';

export const metadata: Metadata = { title: 'Error codes · Boardkit API' };

const example = `{
  "error": {
    "message": "Invalid query value for 'per_page': Must be at most 100",
    "code": "validation_error",
    "details": [
      { "location": "query", "field": "per_page", "path": ["per_page"],
        "code": "too_big", "message": "Must be at most 100" }
    ],
    "url": "https://<your-host>/docs/errors#validation_error",
    "request_id": "req_5f2c…"
  }
}`;

export default function ErrorCodesPage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-10">
      <p className="text-sm">
        <Link href="/docs" className="text-link">
          ← API reference
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Error codes</h1>
      <p className="mt-3 text-muted-foreground">
        Every error answer has the same envelope. <code className="font-mono">code</code> is one of the values
        below and never changes meaning; <code className="font-mono">message</code> is for people;{' '}
        <code className="font-mono">request_id</code> matches the{' '}
        <code className="font-mono">x-request-id</code> header.
      </p>
      <pre className="mt-4 overflow-x-auto rounded-md bg-foreground p-4 font-mono text-xs text-background">
        {example}
      </pre>
      <Table label="Error codes" className="mt-8">
        <TableHead>
          <th className="py-2 pr-4 font-medium">Code</th>
          <th className="py-2 pr-4 font-medium">Status</th>
          <th className="py-2 font-medium">Meaning</th>
        </TableHead>
        <tbody>
          {errorCodeList.map((code) => (
            <tr key={code} id={code} className="scroll-mt-8 border-b border-border target:bg-primary/5">
              <td className="py-3 pr-4 align-top font-mono">
                <a href={`#${code}`} className="hover:underline">
                  {code}
                </a>
              </td>
              <td className="py-3 pr-4 align-top">{errorCodes[code].status}</td>
              <td className="py-3 align-top text-muted-foreground">
                {errorCodes[code].description.replace(/`/g, '')}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </main>
  );
}
