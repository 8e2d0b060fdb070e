import { Group, Pagination, Text } from '@mantine/core';

/** The pagination bar under every list: the API pages with skip/limit (or page/page_size) and a total. */
export function Paged({ total, page, pageSize, onPage }: { total: number; page: number; pageSize: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="gray.7">
        {total} in all
      </Text>
      {pages > 1 && <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          aria-label="Pages"
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
        />}
    </Group>
  );
}
