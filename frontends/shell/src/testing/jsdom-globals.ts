import { TextDecoder, TextEncoder } from 'node:util';
import {
  ignorePseudoElementStyles,
  installMessageChannel,
  installResizeObserver,
  keepCompiledSelectors,
} from '@medtutor/web-kit/testing/jsdom';

// What jsdom's window lacks, in place before anything that needs it loads (import this module first
// in a spec). react-router encodes text as it loads: Node's TextEncoder and TextDecoder. antd's form
// fields need MessageChannel, its dialogs measure the scrollbar, its Select list and Table watch sizes;
// and keeping nwsapi's compiled selectors makes each role query several times faster.
Object.assign(globalThis, { TextEncoder, TextDecoder });
installMessageChannel();
ignorePseudoElementStyles();
installResizeObserver();
keepCompiledSelectors();
