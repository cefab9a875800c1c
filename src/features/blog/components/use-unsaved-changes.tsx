// Leaving the editor with unsaved changes asks first: a link or Back inside the app is held by
// react-router's blocker and a modal asks to stay or leave; closing the tab or reloading gets
// the browser's own question (beforeunload). `allowNextNavigation` lets a save move on to
// the saved post without asking.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

import { ConfirmModal } from './confirm-modal';

export function useUnsavedChanges(dirty: boolean) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  const prompt = (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={t('blog.leave.title')}
      message={t('blog.leave.message')}
      confirmLabel={t('blog.leave.confirm')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { prompt, allowNextNavigation };
}
