// Which links leave the portal for another site: those open in a new tab, announced to screen
// readers by the hidden hint the footer renders (id NEW_TAB_HINT_ID).
export const NEW_TAB_HINT_ID = 'new-tab-hint';

export const opensNewTab = (href: string): boolean => /^https?:\/\//i.test(href);

export const newTabProps = (href: string) =>
  opensNewTab(href)
    ? {
        target: '_blank',
        rel: 'noopener noreferrer',
        'aria-describedby': NEW_TAB_HINT_ID,
      }
    : {};
