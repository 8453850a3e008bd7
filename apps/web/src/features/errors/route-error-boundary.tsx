import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { loadLaterStrings } from '../../i18n';
import { isInactive } from '../auth/permissions';
import { useAuthUser } from '../auth/use-auth-user';
import { BareLayout } from '../layout/bare-layout';
import { ErrorView } from './error-view';

// Its own chunk, with the strings outside the first load: only a member of a closed team ever sees it, and the
// entry chunk has a size budget.
const OtherTeams = lazy(() =>
  Promise.all([import('../teams/team-switcher'), loadLaterStrings()]).then(([module]) => ({
    default: module.OtherTeams,
  })),
);

/** The root error boundary: guard 403s, API 404s and anything unexpected end up here. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { data: user } = useAuthUser();

  let status = 500;
  let message: string | undefined;
  let heading: string | undefined;
  let network = false;

  if (isRouteErrorResponse(error)) {
    status = error.status;
  } else if (isApiError(error)) {
    status = error.status;
    network = error.isNetworkError;
  } else if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    network = true;
  }
  if (status === 404) {
    heading = t('errors.notFound');
    message = t('errors.notFoundText');
  } else if (status === 403) {
    heading = t('errors.forbidden');
    message = t('errors.forbiddenText');
  }

  return (
    <BareLayout>
      <ErrorView status={status} heading={heading} message={message} network={network} />
      {/* The current team is closed (spec §4 guard): the user's other teams may well be open. */}
      {status === 403 && user && isInactive(user) && (
        <Suspense fallback={null}>
          <OtherTeams user={user} />
        </Suspense>
      )}
    </BareLayout>
  );
}
