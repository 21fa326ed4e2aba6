// The bank-account page's form engine, asked for as soon as the page's module runs
// (bank-account-page.tsx; `loadsLater` in the route table has its files counted).
export { CountryVariantForm as default } from '../../../components/schema-form';
