// In the entry chunk, so the page's HTML links the global styles and a prerendered page is styled at once.
import './app/global.css';

// The async boundary lets Module Federation negotiate shared singletons (react, antd, swr) before any of them runs.
import('./bootstrap');
