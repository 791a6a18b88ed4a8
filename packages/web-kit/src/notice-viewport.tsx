import { type FocusEvent, useEffect, useRef, useSyncExternalStore } from 'react';
import { type Notice, type NoticeStore, noticeStore } from './notice-store.js';
import './notice-viewport.css';

// antd's filled check-circle and close-circle and its close cross (@ant-design/icons-svg), inline so
// web-kit needs neither antd nor its icons.
const successIconPath =
  'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z';
const errorIconPath =
  'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z';
const closeIconPath =
  'M799.86 166.31c.02 0 .04.02.08.06l57.69 57.7c.04.03.05.05.06.08a.12.12 0 010 .06c0 .03-.02.05-.06.09L569.93 512l287.7 287.7c.04.04.05.06.06.09a.12.12 0 010 .07c0 .02-.02.04-.06.08l-57.7 57.69c-.03.04-.05.05-.07.06a.12.12 0 01-.07 0c-.03 0-.05-.02-.09-.06L512 569.93l-287.7 287.7c-.04.04-.06.05-.09.06a.12.12 0 01-.07 0c-.02 0-.04-.02-.08-.06l-57.69-57.7c-.04-.03-.05-.05-.06-.07a.12.12 0 010-.07c0-.03.02-.05.06-.09L454.07 512l-287.7-287.7c-.04-.04-.05-.06-.06-.09a.12.12 0 010-.07c0-.02.02-.04.06-.08l57.7-57.69c.03-.04.05-.05.07-.06a.12.12 0 01.07 0c.03 0 .05.02.09.06L512 454.07l287.7-287.7c.04-.04.06-.05.09-.06a.12.12 0 01.07 0z';

const Icon = ({ path }: { path: string }) => (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" fillRule="evenodd" focusable="false">
    <path d={path} />
  </svg>
);

const noNotice = () => null;

/**
 * Shows the notice on screen, top right below the sticky header, in antd's notification look. The
 * shell renders one; notices shown by the remotes' copies of web-kit land here too (notice-store.ts).
 */
export function NoticeViewport() {
  const store = noticeStore();
  const notice = useSyncExternalStore(store.subscribe, store.current, noNotice);
  return notice === null ? null : <NoticeHolder notice={notice} store={store} />;
}

/**
 * Holds the auto-close while the visitor points at or has focus in the notice. It outlives a
 * replacement (only the card is new), so a notice that replaces another under the pointer waits too.
 */
function NoticeHolder({ notice, store }: { notice: Notice; store: NoticeStore }) {
  const hovered = useRef(false);
  const focused = useRef(false);
  const holdOrRun = () => (hovered.current || focused.current ? store.pause(notice.id) : store.resume(notice.id));

  // A replacement starts its own timer: hold it at once if the visitor is still on the notice.
  useEffect(() => {
    if (hovered.current || focused.current) store.pause(notice.id);
  }, [notice.id, store]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    focused.current = false;
    holdOrRun();
  };

  return (
    <div
      className="notice-viewport"
      onMouseEnter={() => {
        hovered.current = true;
        holdOrRun();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        holdOrRun();
      }}
      onFocus={() => {
        focused.current = true;
        holdOrRun();
      }}
      onBlur={onBlur}
    >
      <div
        key={notice.id}
        className={`notice notice--${notice.kind}`}
        role={notice.kind === 'error' ? 'alert' : 'status'}
      >
        <span className="notice__icon" aria-hidden="true">
          <Icon path={notice.kind === 'error' ? errorIconPath : successIconPath} />
        </span>
        <div className="notice__text">
          <div className="notice__title">{notice.title}</div>
          {notice.description && <div className="notice__description">{notice.description}</div>}
        </div>
        <button type="button" className="notice__close" aria-label="Close" onClick={() => store.close(notice.id)}>
          <Icon path={closeIconPath} />
        </button>
      </div>
    </div>
  );
}
