import { useLayoutEffect, type RefObject } from 'react';

// What a visitor typed or chose in a form before React took the page over (on a slow phone, the
// seconds between the first paint and hydration) is on screen, but not in the components' state:
// React 19 hydrates a controlled field without reading what is in it (react#12955; its fix,
// react#33129, is behind a flag that React's builds leave off). A form sent then failed its
// validation, and the re-render emptied every field: what the visitor had typed was lost. The
// library's search box kept its text and filtered nothing.
//
// Once hydrated, each field whose value differs from the one the page was rendered with is
// reported to React as the browser reports an edit. React hears a change only when a field's value
// differs from the one its tracker last saw, and it starts tracking a field with the value in it at
// hydration, so the tracker is first shown the rendered value (through the field's own `value` or
// `checked` setter, which React wraps) and the field then given back the visitor's value through
// the browser's setter (which it does not), the way testing tools make React hear a change. No
// library does this for a hydrated page, hence by hand.

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** Sets a property through the element's class's own setter, past the one React adds to it. */
function setNatively(field: Editable, property: 'value' | 'checked', value: string | boolean) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
  setter?.call(field, value);
}

const CHECKABLE = new Set(['checkbox', 'radio']);
/** Types whose value a visitor does not type (or that React does not track). */
const SKIPPED = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

/** An edit found in a field, reported to React when called. */
type Edit = () => void;

/** A checkbox, or the radio button now chosen, whose state is not the one rendered. */
function checkedEdit(field: HTMLInputElement): Edit | null {
  // A radio button left by the visitor's choice reports nothing: the chosen one speaks for both.
  if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return null;
  const checked = field.checked;
  return () => {
    field.checked = !checked;
    setNatively(field, 'checked', checked);
    // React hears a checkbox's or a radio button's change on its click event; a plain Event (not
    // a MouseEvent) does not toggle the field again.
    field.dispatchEvent(new Event('click', { bubbles: true }));
  };
}

/** A text field whose text is not the one rendered. */
function valueEdit(field: Editable): Edit | null {
  if (field.value === field.defaultValue) return null;
  const value = field.value;
  // Where the caret was, if the visitor is still in the field (null for types without a caret).
  const { selectionStart: start, selectionEnd: end } = field;
  return () => {
    field.value = field.defaultValue;
    setNatively(field, 'value', value);
    if (field.ownerDocument.activeElement === field && start !== null && end !== null)
      field.setSelectionRange(start, end);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

/** Reports to React every edit made in `root`'s fields before it was hydrated (see above). */
export function replayEditsBeforeHydration(root: ParentNode): void {
  // Every edit is read before any is reported: React re-renders the form after each one, which
  // puts the state's empty values back in the fields not reported yet.
  const edits: (Edit | null)[] = [];
  // The site's forms have no select (React would hear its change event as it is).
  for (const field of root.querySelectorAll('input, textarea')) {
    if (field instanceof HTMLTextAreaElement) edits.push(valueEdit(field));
    else if (field instanceof HTMLInputElement && !SKIPPED.has(field.type))
      edits.push(CHECKABLE.has(field.type) ? checkedEdit(field) : valueEdit(field));
  }
  for (const edit of edits) edit?.();
}

/**
 * Replays the edits made before hydration in the form `ref` holds, right after the commit that
 * hydrates it: before anything else can re-render the form (a re-render puts the state's empty
 * values back in its fields). Not during the commit itself: React could not apply an edit
 * reported there at once, so it would put the rendered value back in the field until its
 * re-render, and the caret would end up at the end of the text. In a form's own code rather than
 * the app's entry, so that a page without a form loads none of it. A form mounted later (a
 * navigation, a form opened by a button) has nothing to replay.
 */
export function useEditsBeforeHydration(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const form = ref.current;
    if (form) queueMicrotask(() => replayEditsBeforeHydration(form));
  }, [ref]);
}
