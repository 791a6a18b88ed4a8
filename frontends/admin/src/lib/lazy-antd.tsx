import { type FunctionComponent, lazy } from 'react';

/**
 * A component drawn with antd, loaded when first rendered together with web-kit's AntdRoot (antd's
 * theme and locale) around it: the dashboard's first view is drawn with the UI kit and loads no antd.
 */
export function lazyUnderAntd<Props extends object>(load: () => Promise<FunctionComponent<Props>>) {
  return lazy(async () => {
    const [Component, { AntdRoot }] = await Promise.all([load(), import('@medtutor/web-kit/antd')]);
    const UnderAntd = (props: Props) => (
      <AntdRoot>
        <Component {...props} />
      </AntdRoot>
    );
    return { default: UnderAntd };
  });
}
