import { Result } from 'antd';

/** A view the signed-in user may not open (the shell routes by role; this guards a wrong mount). */
export function Refused() {
  return <Result status="403" title="You do not have access to this page." />;
}
