import { Button, Divider, type FormItemProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactElement, ReactNode } from 'react';

/** The shop form's sections in the spec's order (2.6); 负责人信息 only when editing and allowed. */
export const storeSections = ['basic', 'owner', 'shop', 'other', 'finance', 'signing12800'] as const;
export type StoreSectionName = (typeof storeSections)[number];

export type Level = (field: string) => 1 | 2 | 3;
export type Gate = (name: string, item: ReactElement<FormItemProps>) => ReactNode;
export type Rules = (field: string) => Rule[];

const sectionId = (name: StoreSectionName) => `store-form-${name}`;

/** One anchored section: its title as the spec's divider, the section's fields below. */
export function StoreSection({
  name,
  title,
  children,
}: {
  name: StoreSectionName;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={sectionId(name)} className="store-form__part" data-section={name}>
      <Divider titlePlacement="start" className="store-form__section">
        {title}
      </Divider>
      {children}
    </section>
  );
}

/**
 * The sections as anchors above the form (sticky in the drawer's scroll): a click scrolls its
 * section to the top. Until the later sections are mounted (a frame or two after the panel
 * opens) their anchors wait, disabled.
 */
export function StoreSectionNav({
  sections,
  label,
  mounted,
}: {
  sections: { name: StoreSectionName; title: string }[];
  label: string;
  mounted: (name: StoreSectionName) => boolean;
}) {
  const go = (name: StoreSectionName) =>
    document.getElementById(sectionId(name))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <nav className="store-form__nav" aria-label={label} data-testid="store-sections">
      {sections.map((s) => (
        <Button key={s.name} type="link" size="small" disabled={!mounted(s.name)} onClick={() => go(s.name)}>
          {s.title}
        </Button>
      ))}
    </nav>
  );
}
