// In the entry chunk, so the page's HTML links the global and the UI kit's styles and a prerendered
// page is styled at once (the kit's components come with the lazily loaded app).
import './app/global.css';
// The UI kit's styles are loaded here once for every app: the remotes render inside this page and use them.
import '@medtutor/web-kit/ui.css';

// The async boundary lets Module Federation negotiate shared singletons (react, antd, swr) before any of them runs.
import('./bootstrap');
