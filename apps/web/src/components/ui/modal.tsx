// A dialog for any screen. Radix Dialog, with its focus trap and scroll lock (~12 KB gzip), is the
// biggest piece of many screens' code while no dialog is open: a screen shows it only after a click. So
// its code (modal-dialog.tsx) loads when a dialog first opens, or earlier, once the page has loaded and
// the browser is idle (usePreloadWhenIdle), so that the first click seldom waits for it. The screen's
// first paint does not (issue 29: the asset page's code was 53 files before it).
import { useState } from 'react';
import { deferredComponent } from '@/lib/deferred-component';
import { usePreloadWhenIdle } from '@/lib/when-idle';
import type { ModalProps } from './modal-dialog';

export type { ModalProps };

const ModalDialog = deferredComponent(() => import('./modal-dialog').then((m) => m.ModalDialog));

/** Loads the dialog's code now (the component tests start with it loaded, as a page is once idle). */
export function preloadDialogCode(): Promise<unknown> {
  return ModalDialog.preload();
}

export function Modal(props: ModalProps) {
  // Once opened, the dialog stays mounted, as it was before its code was deferred: Radix closes it and
  // gives the focus back to the control that opened it.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  usePreloadWhenIdle(ModalDialog);
  return opened ? <ModalDialog {...props} /> : null;
}
