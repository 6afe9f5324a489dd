import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, Input, Modal, Tabs } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStyleCache, requiredKey, withOriginalRuleWalk } from './style-rule-index';

afterEach(cleanup);

// The test setup installs the indexed rule walk on the global window; jsdom's own window object
// still holds jsdom's original getComputedStyle.
const jsdomWindow = (globalThis as unknown as { jsdom: { window: Window } }).jsdom.window;

const describeStyle = (style: CSSStyleDeclaration) =>
  Array.from(style, (p) => `${p}: ${style.getPropertyValue(p)}${style.getPropertyPriority(p) ? ' !important' : ''}`);

/** Every element's computed style through the index, then through jsdom's original walk, uncached. */
function compareEveryElement() {
  const elements = [document.documentElement, ...document.querySelectorAll('*')];
  clearStyleCache(document);
  const fast = elements.map((el) => describeStyle(window.getComputedStyle(el)));
  clearStyleCache(document);
  const slow = withOriginalRuleWalk(() => elements.map((el) => describeStyle(jsdomWindow.getComputedStyle(el))));
  clearStyleCache(document);
  return { elements, fast, slow };
}

describe('the indexed style-rule walk (src/test/style-rule-index.ts)', { timeout: 120_000 }, () => {
  it('finds the class or id a selector requires of the element, or none', () => {
    const cases: [string, string | null][] = [
      ['.ant-btn', '.ant-btn'],
      [':where(.css-dev-only-do-not-override-1).ant-btn-primary:not(:disabled)', '.ant-btn-primary'],
      ['.ant-select-dropdown .ant-select-item-option-selected', '.ant-select-item-option-selected'],
      ['.a > .b:hover::before', '.b'],
      ['#root', '#root'],
      ['.A.b', '.b'],
      ['div', null],
      ['[class~="x"]', null],
      [':not(.a)', null],
      ['.a :is(.b, .c)', null],
      ['.a\\:b', null],
      ['input[type="a b"]', null],
    ];
    for (const [selector, key] of cases) expect([selector, requiredKey(selector)]).toEqual([selector, key]);
  });

  it('computes the same style for every element of rendered antd components as jsdom does', async () => {
    render(
      <div id="Main">
        <Form>
          <Form.Item label="名称" name="name" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Button type="primary">保存</Button>
          <Button disabled>取消</Button>
        </Form>
        <Tabs
          items={[
            { key: 'a', label: '甲', children: '内容' },
            { key: 'b', label: '乙', children: '隐藏' },
          ]}
        />
        <Modal open title="新建部门">
          <p style={{ display: 'none' }}>隐藏的段落</p>
        </Modal>
      </div>,
    );
    fireEvent.click(screen.getByText('乙'));
    await screen.findByText('新建部门');
    expect(window.getComputedStyle).not.toBe(jsdomWindow.getComputedStyle);
    expect(document.querySelectorAll('style').length).toBeGreaterThan(5);

    const { elements, fast, slow } = compareEveryElement();
    expect(elements.length).toBeGreaterThan(50);
    for (let i = 0; i < elements.length; i++) expect(fast[i]).toEqual(slow[i]);
    // Not vacuous: some elements are hidden by a style sheet rule (not inline), found through the index.
    const hiddenByRule = elements.filter(
      (el, i) => fast[i]!.includes('display: none') && !(el as HTMLElement).style?.display,
    );
    expect(hiddenByRule.length).toBeGreaterThan(0);
  });
});
