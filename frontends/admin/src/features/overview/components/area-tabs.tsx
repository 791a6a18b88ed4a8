import { Tabs, Typography } from 'antd';

export interface AreaTab {
  key: string;
  label: string;
  purpose: string;
}

/** The tabs of an admin page; each states what it manages. */
export function AreaTabs({ tabs }: { tabs: AreaTab[] }) {
  return (
    <Tabs
      items={tabs.map((tab) => ({
        key: tab.key,
        label: tab.label,
        children: (
          <section aria-label={tab.label}>
            <Typography.Title level={2} style={{ fontSize: '1.25rem' }}>
              {tab.label}
            </Typography.Title>
            <Typography.Paragraph>{tab.purpose}</Typography.Paragraph>
          </section>
        ),
      }))}
    />
  );
}
