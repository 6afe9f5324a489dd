import type { LayoutSection } from '@crm/shared';
import { Button } from 'antd';
import { useEffect } from 'react';
import { type ItemsContext, LayoutSectionView, sectionId } from './items';
import type { WidgetRegistry } from './types';

/**
 * The sections as anchors above the form (sticky in the drawer's scroll): a click scrolls its
 * section to the top. Until the later sections are mounted (a frame or two after the form
 * opens) their anchors wait, disabled.
 */
export function SectionNav({
  sections,
  label,
  title,
  mounted,
}: {
  sections: readonly LayoutSection[];
  label: string;
  title: (key: string) => string;
  mounted: (section: LayoutSection) => boolean;
}) {
  const go = (key: string) =>
    document.getElementById(sectionId(key))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <nav className="layout-form__nav" aria-label={label} data-testid="form-sections">
      {sections.map((s) => (
        <Button key={s.key} type="link" size="small" disabled={!mounted(s)} onClick={() => go(s.key)}>
          {title(s.key)}
        </Button>
      ))}
    </nav>
  );
}

export type LaterProps = {
  sections: readonly LayoutSection[];
  items: ItemsContext;
  onMounted: () => void;
};

/** The later sections with their chunk's widgets; says when they are mounted (the form may then be saved). */
export function LaterSections({ sections, items, widgets, onMounted }: LaterProps & { widgets: WidgetRegistry }) {
  useEffect(() => onMounted(), [onMounted]);
  const withLater = { ...items, widgets: { ...items.widgets, ...widgets } };
  return (
    <>
      {sections.map((s) => (
        <LayoutSectionView key={s.key} section={s} items={withLater} titled />
      ))}
    </>
  );
}
