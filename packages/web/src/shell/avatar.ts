/** Avatar initials (spec 9): a name longer than 2 characters shows its last 2 (张小明 → 小明). */
export function avatarText(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  return chars.length > 2 ? chars.slice(-2).join('') : chars.join('');
}
