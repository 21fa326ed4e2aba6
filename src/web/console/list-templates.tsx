// The rule editor's lists (currencies, accepted values, the countries of a shared rule): a named
// group whose items are labelled "Currency 1", "Currency 2"…, each with move and remove buttons
// named by the item's value ("Move EUR up") and drawn with inline icons, and an "Add currency"
// button. RJSF's own list templates draw their buttons with icon-font classes the console does not
// load (empty shapes named only by a title) and label each item with the list's property name.
// Set per list through the uiSchema (list-ui-schema.ts), so the portal's theme stays as it is.
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  FieldTemplateProps,
  RJSFSchema,
} from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { createContext, use } from 'react';
import { errorId, propertyOf } from '../components/schema-form/field-ids';
import { useFieldLabel } from '../components/schema-form/use-field-label';
import { texts } from './texts';

type Data = Record<string, unknown>;
const T = texts.list;

/** The list's values and what an item is called, for the items' labels and buttons. */
const ListContext = createContext<{ values: readonly unknown[]; noun: string }>({
  values: [],
  noun: T.nouns.item,
});

const ICONS = {
  up: 'M8 3 3 9h3.5v4h3V9H13z',
  down: 'M8 13 3 7h3.5V3h3v4H13z',
  remove: 'M4.2 3 3 4.2 6.8 8 3 11.8 4.2 13 8 9.2l3.8 3.8 1.2-1.2L9.2 8 13 4.2 11.8 3 8 6.8z',
  add: 'M7 3h2v4h4v2H9v4H7V9H3V7h4z',
} as const;

function Icon({ shape }: { shape: keyof typeof ICONS }) {
  return (
    <svg className="console-list__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={ICONS[shape]} fill="currentColor" />
    </svg>
  );
}

function ItemButton({
  shape,
  label,
  disabled,
  onClick,
}: {
  shape: keyof typeof ICONS;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button--secondary button--small console-list__button console-list__button--${shape}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon shape={shape} />
    </button>
  );
}

export function ListTemplate(props: ArrayFieldTemplateProps<Data, RJSFSchema>) {
  const { items, canAdd, onAddClick, disabled, readonly, formData, fieldPathId, schema, uiSchema } =
    props;
  const label = useFieldLabel(schema, propertyOf(fieldPathId.path) ?? '');
  const noun = String(getUiOptions(uiSchema).itemNoun ?? T.nouns.item);
  const values: readonly unknown[] = Array.isArray(formData) ? formData : [];
  return (
    <fieldset className="schema-form__group console-list" id={fieldPathId.$id}>
      <legend className="schema-form__label">{label}</legend>
      {items.length ? (
        <ListContext value={{ values, noun }}>
          <ol className="console-list__items">{items}</ol>
        </ListContext>
      ) : (
        <p className="schema-form__help">{T.empty}</p>
      )}
      {canAdd ? (
        <button
          type="button"
          className="button button--secondary button--small console-list__add"
          disabled={disabled || readonly}
          onClick={onAddClick}
        >
          <Icon shape="add" /> {T.add(noun)}
        </button>
      ) : null}
    </fieldset>
  );
}

export function ListItemTemplate(props: ArrayFieldItemTemplateProps<Data, RJSFSchema>) {
  const { children, buttonsProps, index, hasToolbar } = props;
  const { values, noun } = use(ListContext);
  const value = values[index];
  // Buttons say which item they act on: by its value, or by its place while it is empty.
  const name = typeof value === 'string' && value.trim() ? value : `${noun} ${index + 1}`;
  const { hasMoveUp, hasMoveDown, hasRemove } = buttonsProps;
  const off = Boolean(buttonsProps.disabled || buttonsProps.readonly);
  return (
    <li className="console-list__item">
      {children}
      {hasToolbar ? (
        <div className="console-list__buttons">
          {hasMoveUp || hasMoveDown ? (
            <>
              <ItemButton
                shape="up"
                label={T.moveUp(name)}
                disabled={off || !hasMoveUp}
                onClick={buttonsProps.onMoveUpItem}
              />
              <ItemButton
                shape="down"
                label={T.moveDown(name)}
                disabled={off || !hasMoveDown}
                onClick={buttonsProps.onMoveDownItem}
              />
            </>
          ) : null}
          {hasRemove ? (
            <ItemButton
              shape="remove"
              label={T.remove(name)}
              disabled={off}
              onClick={buttonsProps.onRemoveItem}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One item's input, labelled by its place in the list ("Currency 2"), its errors under it. */
export function ItemFieldTemplate(props: FieldTemplateProps<Data, RJSFSchema>) {
  const { id, children, rawErrors, fieldPathId } = props;
  const { noun } = use(ListContext);
  const place = fieldPathId.path[fieldPathId.path.length - 1];
  const errors = [...new Set((rawErrors ?? []).filter(Boolean))];
  return (
    <div
      className={`schema-form__field console-list__field${errors.length ? ' schema-form__field--invalid' : ''}`}
    >
      <label className="schema-form__label" htmlFor={id}>
        {typeof place === 'number' ? `${noun} ${place + 1}` : noun}
      </label>
      {children}
      {errors.length ? (
        <div id={errorId(id)} className="schema-form__errors">
          {errors.map((message) => (
            <p key={message} className="schema-form__error">
              {message}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
