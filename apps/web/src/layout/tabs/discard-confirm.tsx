import { ui } from '../../app/ui-bridge';
import { useTabsStore } from '../../stores/tabs-store';
import { type DirtyTab, type DiscardKind, dirtyAmong, discardConfirmText } from './dirty-registry';

let asking = false;

/**
 * Asks before dropping the input of dirty tabs; resolves true to go ahead. Nothing to ask
 * resolves true at once; while one confirmation is open a second request resolves false.
 */
export function confirmDiscard(dirty: readonly DirtyTab[], kind: DiscardKind): Promise<boolean> {
  if (!dirty.length) return Promise.resolve(true);
  if (asking) return Promise.resolve(false);
  const text = discardConfirmText(dirty, kind);
  const modal = ui.modal;
  if (!modal) return Promise.resolve(window.confirm(`${text.title}\n${text.intro}\n${text.list.join('\n')}`));
  asking = true;
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      asking = false;
      resolve(ok);
    };
    modal.confirm({
      title: text.title,
      content: (
        <div data-testid="discard-confirm">
          <div>{text.intro}</div>
          {text.list.length > 0 && (
            <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
              {text.list.map((t, i) => (
                <li key={`${i}-${t}`}>{t}</li>
              ))}
            </ul>
          )}
        </div>
      ),
      okText: text.okText,
      cancelText: text.cancelText,
      okButtonProps: { danger: true },
      onOk: () => done(true),
      onCancel: () => done(false),
    });
  });
}

/**
 * Asks before dropping the kept state of the open tabs among `fullPaths` that hold unsaved
 * input (for callers outside the tab bar, e.g. the text-size refresh). Resolves true to go ahead.
 */
export function guardDiscard(fullPaths: readonly string[], kind: DiscardKind): Promise<boolean> {
  const tabs = useTabsStore.getState().opened.filter((t) => fullPaths.includes(t.fullPath));
  return confirmDiscard(dirtyAmong(tabs), kind);
}

/** Asks before leaving the console (sign out, switch account) while any open tab holds unsaved input. */
export function guardAllTabs(): Promise<boolean> {
  return confirmDiscard(dirtyAmong(useTabsStore.getState().opened), 'close');
}
