import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * The custom period's two days: its own chunk, fetched when 自定义 is chosen, so the statistics
 * pages open without the date picker's code (bench/RESULTS.md, the overview's first visit).
 */
export default function PeriodRange({
  start,
  end,
  onChange,
}: {
  start?: string;
  end?: string;
  onChange: (start: string, end: string) => void;
}) {
  return (
    <DatePicker.RangePicker
      allowClear={false}
      value={[dayjs(start), dayjs(end)]}
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'));
      }}
    />
  );
}
