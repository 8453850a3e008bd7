import { useMutation, useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  TOAST_TIMEOUT_MS,
  TOKEN_ABILITIES,
  TOKEN_LIFETIMES,
  type ApiToken,
  type NewApiToken,
  type TokenAbility,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { isApiError } from '../../api/api-error';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import {
  Alert,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Select,
  Skeleton,
  TextInput,
  TextWithTime,
  TIME_SLOT,
} from '../../components/ui';
import { formatDate } from '../../lib/format';
import { copyText } from '../../lib/copy-text';

/**
 * Personal access tokens for scripts and other apps. The server keeps only a hash, so a new token is shown
 * once, here, right after it is made; the list shows what each may do, when it was last used and when it ends.
 */
export function ApiTokensCard({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  const tokens = useQuery({
    queryKey: queryKeys.apiTokens,
    queryFn: ({ signal }) => api.get<{ data: ApiToken[] }>('/tokens', { signal }).then((r) => r.data),
  });
  const [name, setName] = useState('');
  const [abilities, setAbilities] = useState<TokenAbility>('read');
  const [lifetime, setLifetime] = useState('90');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [fresh, setFresh] = useState<NewApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const create = useMutation({
    mutationFn: () =>
      api
        .post<{ data: NewApiToken }>('/tokens', {
          name,
          abilities,
          expires_in_days: lifetime === 'never' ? null : Number(lifetime),
        })
        .then((r) => r.data),
    meta: { form: true },
    onSuccess: (made) => {
      setFresh(made);
      setName('');
      setErrors({});
      void invalidateAfterWrite(queryKeys.apiTokens);
    },
    onError: (error) => isApiError(error) && error.status === 422 && setErrors(error.errors),
  });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => api.delete(`/tokens/${token.id}`),
    onSuccess: (_result, token) => {
      setRevoking(null);
      if (fresh?.id === token.id) setFresh(null);
      toast.success(t('tokens.revoked', { name: token.name }), { duration: TOAST_TIMEOUT_MS });
      void invalidateAfterWrite(queryKeys.apiTokens);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const copy = () =>
    fresh && copyText(fresh.plain_text_token, { copied: t('tokens.copied'), failed: t('tokens.copyFailed') });

  return (
    <Card title={t('tokens.title')} description={t('tokens.intro')}>
      {/* The server makes no token for an unproven address: one would outlive a password reset by the address's owner. */}
      {!verified && <Alert type="warning">{t('tokens.verifyFirst')}</Alert>}
      <form
        onSubmit={submit}
        className={verified ? 'grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end' : 'hidden'}
      >
        <TextInput
          label={t('tokens.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name?.[0]}
          maxLength={100}
          placeholder={t('tokens.namePlaceholder')}
        />
        <Select
          label={t('tokens.abilities')}
          value={abilities}
          onChange={(event) => setAbilities(event.target.value as TokenAbility)}
          options={TOKEN_ABILITIES.map((a) => ({ value: a, label: t(`tokens.ability.${a}`) }))}
          error={errors.abilities?.[0]}
        />
        <Select
          label={t('tokens.expires')}
          value={lifetime}
          onChange={(event) => setLifetime(event.target.value)}
          options={[
            ...TOKEN_LIFETIMES.map((days) => ({
              value: String(days),
              label: t('tokens.days', { count: days }),
            })),
            { value: 'never', label: t('tokens.never') },
          ]}
          error={errors.expires_in_days?.[0]}
        />
        <Button
          type="submit"
          loading={create.isPending}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
        >
          {t('tokens.create')}
        </Button>
      </form>

      {fresh && (
        <Alert type="success" className="mt-4" title={t('tokens.createdTitle', { name: fresh.name })}>
          <div className="flex w-full flex-col gap-2">
            <p>{t('tokens.showOnce')}</p>
            <div className="flex items-center gap-2">
              <code
                data-testid="new-token"
                className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1.5 font-mono text-xs text-gray-900 ring-1 ring-emerald-200 select-all dark:bg-gray-900 dark:text-gray-100"
              >
                {fresh.plain_text_token}
              </code>
              <Button
                color="white"
                size="sm"
                icon={<Copy className="size-4" aria-hidden="true" />}
                onClick={() => void copy()}
              >
                {t('tokens.copy')}
              </Button>
            </div>
          </div>
        </Alert>
      )}

      <div className="mt-6">
        {tokens.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : !tokens.data?.length ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('tokens.none')}</p>
        ) : (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800" aria-label={t('tokens.title')}>
            {tokens.data.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{token.name}</p>
                  <p className="text-xs text-gray-600 dark:text-gray-400">
                    {token.last_used_at ? (
                      <TextWithTime
                        text={t('tokens.lastUsed', { when: TIME_SLOT })}
                        value={token.last_used_at}
                      />
                    ) : (
                      t('tokens.neverUsed')
                    )}{' '}
                    ·{' '}
                    {token.expires_at
                      ? t('tokens.expiresOn', { date: formatDate(token.expires_at) })
                      : t('tokens.noExpiry')}
                  </p>
                </div>
                <Badge color={token.abilities === 'read' ? 'gray' : 'yellow'}>
                  {t(`tokens.ability.${token.abilities}`)}
                </Badge>
                <Button
                  color="white"
                  size="sm"
                  className="text-red-600 dark:text-red-400"
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                  onClick={() => setRevoking(token)}
                >
                  {t('tokens.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={t('tokens.revokeTitle', { name: revoking?.name ?? '' })}
        message={t('tokens.revokeText')}
        confirmLabel={t('tokens.revoke')}
        cancelLabel={t('common.cancel')}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}
