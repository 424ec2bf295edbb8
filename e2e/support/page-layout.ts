/**
 * What a person sees go wrong in a page's layout, found in the browser: text something else is
 * drawn over (a Copy button over the command it copies), a link cut short by its bar, a page wider
 * than the screen.
 */
import type { Page } from '@playwright/test';

/**
 * Text that another element covers, as "<covering element> covers “text”" lines. Each line of
 * visible text is hit-tested along its middle: the element drawn on top there must be the text's
 * own element (or inside it, or around it). Text a scrolling box clips is tested only where it
 * shows. The viewport is made as tall as the page (at most 12,000 px) for the test, so the whole
 * page is tested at once and nothing counts as covered by a sticky bar it scrolled under; then
 * restored. `within` (a selector) tests only the text inside that element.
 */
export async function coveredText(page: Page, { within = 'body' }: { within?: string } = {}): Promise<string[]> {
  const before = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: before.width, height: Math.min(Math.max(height, before.height), 12_000) });
  try {
    return await page.evaluate((within) => {
      const found = new Set<string>();
      const name = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}> “${(el.textContent ?? '').trim().slice(0, 30)}”`;
      /** The part of `rect` that `el` and its ancestors, where they scroll or clip, let show (none of visually hidden text). */
      const shown = (el: Element, rect: DOMRect): DOMRect | undefined => {
        let { left, top, right, bottom } = rect;
        for (let box: Element | null = el; box && box !== document.documentElement; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clip = box.getBoundingClientRect();
          left = Math.max(left, clip.left);
          top = Math.max(top, clip.top);
          right = Math.min(right, clip.right);
          bottom = Math.min(bottom, clip.bottom);
        }
        return right - left > 2 && bottom - top > 2 ? new DOMRect(left, top, right - left, bottom - top) : undefined;
      };
      const walker = document.createTreeWalker(document.querySelector(within)!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const owner = node.parentElement;
        if (!text || !owner || owner.closest('script, style, noscript, template, option, title')) continue;
        const style = getComputedStyle(owner);
        if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          const part = shown(owner, line);
          if (!part) continue;
          // Along the line's middle, every few pixels: a small button may cover a few letters only.
          for (let x = part.left + 2; x < part.right - 1; x += 6) {
            const top = document.elementFromPoint(x, part.y + part.height / 2);
            if (!top || owner.contains(top) || top.contains(owner)) continue;
            found.add(`${name(top)} covers “${text.slice(0, 40)}” (in ${name(owner)})`);
            break;
          }
        }
      }
      return [...found];
    }, within);
  } finally {
    await page.setViewportSize(before);
  }
}

/**
 * Links and buttons a box cuts short from the side (a bar too narrow for its links, which then
 * scroll out of sight), as lines. Only across: a list that scrolls down shows its next entries
 * by design. `within` (a selector) tests only the controls inside that element.
 */
export async function cutOffControls(page: Page, { within = 'body' }: { within?: string } = {}): Promise<string[]> {
  return page.evaluate((within) =>
    [...document.querySelector(within)!.querySelectorAll('a[href], button, input, select, textarea, summary, [role="button"], [role="link"]')].flatMap((control) => {
      const rect = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (rect.width < 2 || rect.height < 2 || style.visibility !== 'visible') return [];
      let { left, right } = rect;
      for (let box = control.parentElement; box && box !== document.documentElement; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const clip = box.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      return right - left >= rect.width - 1 ? [] : [`<${control.tagName.toLowerCase()}> “${(control.textContent ?? '').trim().slice(0, 30)}” shows ${Math.max(0, Math.round(right - left))} of its ${Math.round(rect.width)} px`];
    }),
  within);
}

/** How far the page reaches past the screen's right edge, with the elements that do, as lines (none when it fits). */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    // Those that widen the page: not inside a box that scrolls or clips them across.
    const unclipped = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return false;
      return true;
    };
    const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 1 && unclipped(el));
    // The outermost ones: their descendants overflow because they do.
    return [`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`, ...wide.filter((el) => !wide.includes(el.parentElement!)).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ends at ${Math.round(el.getBoundingClientRect().right)} px`)];
  });
}
