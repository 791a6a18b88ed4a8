// The async boundary lets Module Federation negotiate shared singletons (react, antd, swr) before any of them runs.
import('./bootstrap');
