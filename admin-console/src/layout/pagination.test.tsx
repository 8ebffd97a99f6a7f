import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTheme, Pagination, TablePagination, ThemeProvider } from '@mui/material';
import { loadTexts } from '../i18n/messages';
import { paginationComponents } from './pagination';

// Lists in the Arabic console: pages in Arabic-Indic digits, right to left, buttons named in Arabic.
async function arabicTheme() {
  const tree = await loadTexts('ar');
  return { tree, theme: createTheme({ direction: 'rtl', components: paginationComponents('ar', tree) as never }) };
}

describe('console pagination', () => {
  it('writes page numbers with the language’s digits', async () => {
    const { theme } = await arabicTheme();
    const { renderItem } = theme.components!['RaPaginationActions' as never]!['defaultProps'] as {
      renderItem: (item: object) => ReactElement;
    };
    const html = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <Pagination count={12} page={3} renderItem={renderItem} />
      </ThemeProvider>,
    );
    expect(html).toContain('>١٢<');
    expect(html).toContain('>٣<');
    const visible = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, '');
    expect(visible).not.toMatch(/[0-9]/);
  });

  it('names the phone’s previous and next buttons in the language, and its rows-per-page value in its digits', async () => {
    const { theme, tree } = await arabicTheme();
    const navigation = (tree.ra as { navigation: Record<string, string> }).navigation;
    const html = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <TablePagination
          component="div"
          count={40}
          page={1}
          rowsPerPage={25}
          onPageChange={() => {}}
          rowsPerPageOptions={[25, 50]}
          labelDisplayedRows={() => ''}
        />
      </ThemeProvider>,
    );
    expect(html).toContain(`aria-label="${navigation.next}"`);
    expect(html).toContain(`aria-label="${navigation.previous}"`);
    expect(html).not.toContain('Go to');
    expect(html).toContain('>٢٥<');
  });
});
