import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import './search-box.css';

/**
 * Header search box widget. Submitting goes to the all-products page with the trimmed term
 * as `search` (spec §4 'Search dropdown'); suggestions arrive with the catalog slice.
 */
export default function SearchBox() {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    navigate(`/randm-tornado-vape-alle-produkte?search=${encodeURIComponent(trimmed)}`);
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="shop-search" className="shop-visually-hidden">
        Produkte suchen
      </label>
      <input
        id="shop-search"
        type="search"
        className="search-box__input"
        placeholder="Geschmack oder Modell suchen…"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="search-box__submit">
        Suchen
      </button>
    </form>
  );
}
