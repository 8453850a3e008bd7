import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/ui';

/**
 * Warns before unsaved form changes are lost: in-app navigation asks through a dialog (useBlocker),
 * closing or reloading the tab through the browser's own prompt (beforeunload). `query`: a change of the
 * query string alone asks too, for a page whose tabs live in it (`?tab=`) and unmount the edited one.
 */
export function useUnsavedChanges(dirty: boolean, options: { query?: boolean } = {}) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (options.query === true && currentLocation.search !== nextLocation.search)),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('records.form.unsavedTitle')}
      message={t('records.form.unsavedText')}
      confirmLabel={t('records.form.discard')}
      cancelLabel={t('records.form.keepEditing')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );

  /** Call right before navigating away after a successful save. */
  const allowNavigation = () => {
    allowed.current = true;
  };

  return { dialog, allowNavigation };
}
