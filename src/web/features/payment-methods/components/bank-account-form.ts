// The bank-account page's form engine, loaded once the page's first render is painted
// (bank-account-page.tsx; `afterFirstPaint` in the route table has its files counted).
export { CountryVariantForm as default } from '../../../components/schema-form';
