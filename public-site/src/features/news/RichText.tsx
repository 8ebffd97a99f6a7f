/**
 * A news body. `html` must come from sanitizeNews (api.ts), which every read of an item goes
 * through: this component only styles it.
 */
export function RichText({ html }: { html: string }) {
  return (
    <div
      className="rich-text text-lg leading-relaxed text-gray-800 dark:text-gray-200"
      data-testid="news-body"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
