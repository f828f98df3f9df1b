import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { listSecrets, secretReference } from '@/lib/secrets/service';
import { EmptyState } from '../_components/empty-state';
import { queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { RowPagination } from '../_components/pagination';
import { rowPage } from '../_components/row-page';
import { SecretRowActions } from './secret-row-actions';
import { SetSecretForm } from './set-secret-form';

export const metadata: Metadata = { title: 'Secrets · Boardkit' };

const SECRETS_PATH = '/dashboard/secrets';

export default async function SecretsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const canManage = can(role, 'secrets.manage');
  const address = queryFrom(await searchParams);
  const secrets = rowPage(await listSecrets(await getDb(), organization.id), address.page);
  return (
    <ListPage
      title="Secrets"
      description={
        <>
          Store API keys, passwords and signing secrets once, and refer to them in configuration (such as a
          webhook’s signing secret) as <code className="font-mono">vault:&lt;name&gt;</code>. Values are
          encrypted and never shown again, here or in the API.
        </>
      }
      intro={
        canManage ? (
          <Card className="mb-6">
            <CardHeader>
              <CardTitle>Add a secret</CardTitle>
              <CardDescription>Saving a name that already exists replaces its value.</CardDescription>
            </CardHeader>
            <CardContent>
              <SetSecretForm />
            </CardContent>
          </Card>
        ) : null
      }
      empty={
        secrets.rows.length === 0 ? (
          <EmptyState title={`No secrets ${secrets.page > 1 ? 'on this page' : 'yet'}`}>
            {canManage
              ? 'Add one above, then use its vault: reference wherever a setting asks for a secret.'
              : 'Owners and admins can add secrets.'}
          </EmptyState>
        ) : undefined
      }
      pager={
        <RowPagination rows={secrets} noun={['secret', 'secrets']} path={SECRETS_PATH} address={address} />
      }
    >
      <Table label="Secrets">
        <TableHead>
          <th className="px-4 py-3 font-medium">Name</th>
          <th className="px-4 py-3 font-medium">Created</th>
          <th className="px-4 py-3 font-medium">Value last set</th>
          {canManage ? <th className="px-4 py-3" /> : null}
        </TableHead>
        <tbody>
          {secrets.rows.map((secret) => (
            <tr key={secret.name} className="border-b border-border last:border-0" data-testid="secret-row">
              <td className="px-4 py-3">
                <div className="font-mono font-medium">{secret.name}</div>
                <div className="mt-0.5 font-mono text-xs text-muted-foreground">
                  {secretReference(secret.name)}
                </div>
              </td>
              <td className="px-4 py-3 text-muted-foreground">
                <DateText value={secret.created_at} style="dateTime" utc />
              </td>
              <td className="px-4 py-3 text-muted-foreground" data-testid="secret-updated">
                <DateText value={secret.updated_at} style="dateTime" utc />
              </td>
              {canManage ? (
                <td className="px-4 py-2">
                  <SecretRowActions name={secret.name} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </ListPage>
  );
}
