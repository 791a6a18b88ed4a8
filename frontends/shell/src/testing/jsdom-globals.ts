import './text-encoding';
import {
  ignorePseudoElementStyles,
  installMessageChannel,
  installResizeObserver,
  keepCompiledSelectors,
} from '@medtutor/web-kit/testing/jsdom';

// What jsdom's window lacks, in place before anything that needs it loads (import this module first
// in a spec): Node's TextEncoder and TextDecoder (./text-encoding), and what antd needs. Its form
// fields need MessageChannel, its dialogs measure the scrollbar, its Select list and Table watch sizes;
// and keeping nwsapi's compiled selectors makes each role query several times faster.
installMessageChannel();
ignorePseudoElementStyles();
installResizeObserver();
keepCompiledSelectors();
