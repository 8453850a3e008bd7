import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type AuthUser } from '@storekeep/contracts';
import { api } from '../api/client';
import { queryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { Alert, Button, buttonClasses } from '../components/ui';
import { useAuthUser } from '../features/auth/use-auth-user';
import { InvitationStatus } from '../features/teams/invitation-status';
import { useInvitation } from '../features/teams/use-invitation';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { invitation: token } = useParams();
  const { data: user, isPending: userPending } = useAuthUser();
  const preview = useInvitation(token);
  const accept = useMutation({
    mutationFn: () => api.post<{ data: AuthUser }>(`/team-invitations/${token}/accept`),
    onSuccess: (body) => {
      queryClient.setQueryData(queryKeys.authUser, body.data);
      toast.success(t('invitation.accepted', { team: preview.data?.team_name }), {
        duration: TOAST_TIMEOUT_MS,
      });
      navigate('/dashboard', { replace: true });
    },
  });

  if (!preview.data || userPending)
    return (
      <InvitationStatus
        token={token}
        isPending={preview.isPending || userPending}
        isError={preview.isError}
      />
    );

  const invite = preview.data;
  const here = `/teams/join/${token}`;
  const matches = user && user.email.toLowerCase() === invite.email.toLowerCase();
  // The server accepts only for a verified address (a pending change to it does not count).
  const verified = Boolean(user?.email_verified_at);

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('invitation.joinTitle', { team: invite.team_name })}
      </h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {t('invitation.intro', { team: invite.team_name, role: t(`roles.${invite.role}`) })}
        {invite.invited_by && ` ${t('invitation.invitedBy', { name: invite.invited_by })}`}
      </p>
      <div className="mt-6 flex flex-col gap-4">
        {matches && verified && (
          <Button onClick={() => accept.mutate()} loading={accept.isPending} className="w-full">
            {t('invitation.accept')}
          </Button>
        )}
        {matches && !verified && (
          <Alert type="warning">{t('invitation.verifyFirst', { email: invite.email })}</Alert>
        )}
        {user && !matches && (
          <Alert type="warning">{t('invitation.wrongAccount', { email: invite.email })}</Alert>
        )}
        {!user && (
          // The preview does not say whether the address has an account: the invitation e-mail links to the right page.
          <>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t('invitation.loginOrRegister', { email: invite.email })}
            </p>
            <Link
              to={`/login?redirect=${encodeURIComponent(here)}&email=${encodeURIComponent(invite.email)}`}
              className={buttonClasses('blue', 'md', 'w-full')}
            >
              {t('auth.login')}
            </Link>
          </>
        )}
      </div>
    </>
  );
}
