import { Group, Progress, Text } from '@mantine/core';

/** One horizontal bar per day, scaled to the busiest day: a chart that stays readable on a phone and to a screen reader. */
export function DailyBars({ label, days, color, format = String }: { label: string; days: { date: string; value: number }[]; color: string; format?: (value: number) => string }) {
  const peak = Math.max(0, ...days.map((d) => d.value)) || 1;
  return (
    <div role="figure" aria-label={label}>
      {days.map((day) => (
        <Group key={day.date} gap="xs" wrap="nowrap">
          <Text size="sm" w={100}>
            {day.date}
          </Text>
          <Progress value={(100 * day.value) / peak} color={color} style={{ flex: 1 }} aria-label={`${format(day.value)} on ${day.date}`} />
          <Text size="sm" w={80} ta="right">
            {format(day.value)}
          </Text>
        </Group>
      ))}
    </div>
  );
}
