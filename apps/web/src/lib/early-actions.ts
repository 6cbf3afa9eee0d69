// What a visitor did on a prerendered page before the app attached its handlers, carried out once it
// has (docs/decisions/0143). index.html's inline script holds every press on a button, checkbox or
// radio and every submit from the first byte on (window.__tlEarly); the fields themselves keep what
// was typed, picked or autofilled. When the screen has hydrated (router.tsx, ScreenShown, in a layout
// effect: before anything can render the fields again), the app is told about each field whose value
// is not the one it rendered; then, in the next task, each held press is made again, in order, once.

interface EarlyActions {
  /** Buttons, checkboxes, radios and forms pressed or submitted before the app, in order. */
  held: Element[];
  /** Set here: from now on the app answers presses itself. */
  done: boolean;
  /** The address of a link followed before the app (a plain navigation, still on its way). */
  to?: string;
}

declare global {
  interface Window {
    __tlEarly?: EarlyActions;
  }
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Input types whose value a person types (or a password manager fills) and React reads on input. */
const TYPED = /^(text|email|password|search|tel|url|number|date|datetime-local|month|week|time|color|range)$/;

function selectionOf(field: TextField): [number, number, 'forward' | 'backward' | 'none'] | null {
  try {
    const { selectionStart, selectionEnd, selectionDirection } = field;
    return selectionStart === null || selectionEnd === null
      ? null
      : [selectionStart, selectionEnd, selectionDirection ?? 'none'];
  } catch {
    return null; // a type without a caret (email, number)
  }
}

/**
 * Tells the app a field's value it has not seen: React calls onChange only when the value differs
 * from the last one it saw, and while hydrating it took the typed value as that. So the rendered value
 * is set through the element (React follows that), the typed one through the prototype's setter (React
 * does not see that), then an input event: onChange runs with the typed value. Caret and focus stay.
 */
function announceTyped(field: TextField): void {
  const typed = field.value;
  const selection = document.activeElement === field ? selectionOf(field) : null;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  field.value = field.defaultValue;
  if (setValue) setValue.call(field, typed);
  else field.value = typed;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // Called while React commits the hydrated screen, React writes the field once more as it renders the
  // new state, after this returns and before the browser paints: the caret goes back after that.
  if (selection)
    queueMicrotask(() => {
      try {
        field.setSelectionRange(...selection);
      } catch {
        /* no caret to put back */
      }
    });
}

/** Fields whose value the visitor changed before the app rendered them, told to the app. */
function announceFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (field instanceof HTMLSelectElement) {
      // The language menu before the app is the bootstrap's (src/boot.ts, main.tsx).
      if (field.closest('[data-language-switcher]')) continue;
      if ([...field.options].some((o) => o.selected !== o.defaultSelected))
        field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLInputElement && field.type === 'file') {
      if (field.files?.length) field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if ((field instanceof HTMLTextAreaElement || TYPED.test(field.type)) && field.value !== field.defaultValue)
      announceTyped(field);
  }
}

/** Clears the pending bar, unless a link followed before the app is still taking the visitor away. */
export function pendingDone(): void {
  const early = window.__tlEarly;
  if (early?.to && early.to.split('#')[0] !== location.href.split('#')[0]) return;
  delete document.documentElement.dataset.pending;
}

/** Once, when the first screen is on screen and attached: see the top of this file. */
export function replayEarlyActions(): void {
  const early = window.__tlEarly;
  if (!early || early.done) return;
  early.done = true;
  const root = document.getElementById('root');
  if (root) announceFields(root);
  const held = early.held.splice(0);
  pendingDone();
  // Screens shown from now on come from the app's own navigations: each clears the bar.
  delete early.to;
  // The presses in a task of their own: by then React has rendered the values just told to it, so a
  // submit handler reading the form's state reads them.
  if (held.length)
    setTimeout(() => {
      for (const el of held) {
        if (!el.isConnected) continue;
        if (el instanceof HTMLFormElement) el.requestSubmit();
        else if (el instanceof HTMLElement) el.click();
      }
    }, 0);
}
