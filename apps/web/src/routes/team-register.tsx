import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { RegisterForm } from '../features/auth/register-form';
import { useAuthUser } from '../features/auth/use-auth-user';
import { InvitationStatus } from '../features/teams/invitation-status';
import { useInvitation } from '../features/teams/use-invitation';

export function Component() {
  const { t } = useTranslation();
  const { invitation: token } = useParams();
  // Only the invitation e-mail's link carries it; without it the server refuses to register through the invitation.
  const signature = useSearchParams()[0].get('signature') ?? undefined;
  const { data: user, isPending: userPending } = useAuthUser();
  const preview = useInvitation(token);
  const [registered, setRegistered] = useState(false);

  // A signed-in visitor accepts on the join page instead of making a second account; someone who has
  // just registered here already joined and is on the way to the dashboard.
  if (user && token && !registered) return <Navigate to={`/teams/join/${token}`} replace />;
  if (!preview.data || userPending)
    return (
      <InvitationStatus
        token={token}
        isPending={preview.isPending || userPending}
        isError={preview.isError}
      />
    );

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('invitation.registerTitle', { team: preview.data.team_name })}
      </h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {t('invitation.intro', { team: preview.data.team_name, role: t(`roles.${preview.data.role}`) })}
        {preview.data.invited_by && ` ${t('invitation.invitedBy', { name: preview.data.invited_by })}`}
      </p>
      <div className="mt-6">
        <RegisterForm
          key={preview.data.id}
          invitation={token}
          invitationSignature={signature}
          email={preview.data.email}
          lockEmail
          onRegistered={() => setRegistered(true)}
        />
      </div>
      <p className="mt-8 text-center text-sm text-gray-600 dark:text-gray-400">
        {t('auth.haveAccount')}{' '}
        <Link
          to={`/login?redirect=${encodeURIComponent(`/teams/join/${token}`)}&email=${encodeURIComponent(preview.data.email)}`}
          className="font-semibold text-blue-600 hover:text-blue-500 dark:text-blue-400"
        >
          {t('auth.login')}
        </Link>
      </p>
    </>
  );
}
