import { CategoryIcon, ICON_NUMBERS } from '@/workbench/examine/category-icon';

/** Choose one of the 20 category icons. */
export function IconPicker({
  value,
  onChange,
  title,
  id,
}: {
  value?: number;
  onChange?: (icon: number) => void;
  title?: string;
  id?: string;
}) {
  return (
    <div className="exa-icon-picker" id={id}>
      {ICON_NUMBERS.map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={value === n}
          aria-label={`icon ${n}`}
          className={value === n ? 'exa-icon-choice exa-icon-choice--on' : 'exa-icon-choice'}
          onClick={() => onChange?.(n)}
        >
          <CategoryIcon icon={n} title={title} size={30} />
        </button>
      ))}
    </div>
  );
}
