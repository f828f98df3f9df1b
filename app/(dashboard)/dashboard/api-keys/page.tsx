import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { listApiKeys } from '@/lib/auth/api-keys';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { EmptyState } from '../_components/empty-state';
import { queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { RowPagination } from '../_components/pagination';
import { rowPage } from '../_components/row-page';
import { CreateKeyDialog } from './create-key-dialog';
import { RevokeKeyButton } from './revoke-key-button';

export const metadata: Metadata = { title: 'API keys · Boardkit' };

const API_KEYS_PATH = '/dashboard/api-keys';

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const canManage = can(role, 'api_keys.manage');
  const address = queryFrom(await searchParams);
  const keys = rowPage(await listApiKeys(await getDb(), organization.id), address.page);
  return (
    <ListPage
      title="API keys"
      description={
        <>
          Send a key in the <code className="font-mono">x-api-key</code> header. Keys are stored as hashes:
          copy a new key when it is shown.
        </>
      }
      actions={canManage ? <CreateKeyDialog /> : null}
      empty={
        keys.rows.length === 0 ? (
          <EmptyState title={`No API keys ${keys.page > 1 ? 'on this page' : 'yet'}`}>
            Create one to connect an integration or script.
          </EmptyState>
        ) : undefined
      }
      pager={
        <RowPagination rows={keys} noun={['API key', 'API keys']} path={API_KEYS_PATH} address={address} />
      }
    >
      <Table label="API keys">
        <TableHead>
          <th className="px-4 py-3 font-medium">Name</th>
          <th className="px-4 py-3 font-medium">Key</th>
          <th className="px-4 py-3 font-medium">Created</th>
          <th className="px-4 py-3 font-medium">Last used</th>
          <th className="px-4 py-3" />
        </TableHead>
        <tbody>
          {keys.rows.map((key) => (
            <tr key={key.id} className="border-b border-border last:border-0" data-testid="api-key-row">
              <td className="px-4 py-3">
                <div className="flex items-center gap-2 font-medium">
                  {key.name}
                  {key.scope === 'read_only' ? <Badge variant="muted">read-only</Badge> : null}
                  {key.revokedAt ? <Badge variant="destructive">revoked</Badge> : null}
                </div>
              </td>
              <td className="px-4 py-3 font-mono text-xs text-muted-foreground">{key.prefix}…</td>
              <td className="px-4 py-3 text-muted-foreground">
                <DateText value={key.createdAt} style="dateTime" utc />
              </td>
              <td className="px-4 py-3 text-muted-foreground">
                <DateText value={key.lastUsedAt} style="dateTime" utc empty="Never" />
              </td>
              <td className="px-4 py-3 text-right">
                {canManage && !key.revokedAt ? (
                  <RevokeKeyButton id={key.id} name={key.name} prefix={key.prefix} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ListPage>
  );
}
