import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ScrollHint } from './scroll-hint';

export type TabItem = { key: string; label: ReactNode; content: ReactNode };

type TabsProps = { tabs: TabItem[]; selectedIndex?: number; onChange?: (index: number) => void };

export function Tabs({ tabs, selectedIndex, onChange }: TabsProps) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <div className="-mb-px border-b border-gray-200 dark:border-gray-800">
        <ScrollHint className="overflow-x-auto">
          <TabList className="flex gap-6">
            {tabs.map((tab) => (
              <Tab
                key={tab.key}
                className="min-h-11 border-b-2 border-transparent px-1 text-sm font-medium whitespace-nowrap text-gray-500 hover:border-gray-300 hover:text-gray-700 focus:outline-none data-focus-visible:outline-2 data-focus-visible:outline-blue-600 data-selected:border-blue-600 data-selected:text-blue-600 dark:text-gray-400 dark:data-selected:text-blue-400"
              >
                {tab.label}
              </Tab>
            ))}
          </TabList>
        </ScrollHint>
      </div>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key}>{tab.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
