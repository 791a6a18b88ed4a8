import { act, fireEvent, screen } from '@testing-library/react';

/**
 * Picks `option` in the antd Select labelled `label` as a user does: opening the list with the
 * pointer, then clicking the option (found by its title, as antd's virtual list draws it).
 */
export async function chooseOption(label: string, option: string): Promise<void> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await screen.findByTitle(option);
  await act(async () => fireEvent.click(item));
}

/** An antd Descriptions' rows as label → content text, in order (bordered or not). */
export function descriptionRows(container: HTMLElement): [string, string][] {
  return [...container.querySelectorAll('.ant-descriptions-item-label')].map((label) => [
    label.textContent ?? '',
    label.nextElementSibling?.textContent ?? '',
  ]);
}
