import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { BareLayout } from '../layout/bare-layout';
import { ErrorView } from './error-view';

/** The root error boundary: guard 403s, API 404s and anything unexpected end up here. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

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
    </BareLayout>
  );
}
