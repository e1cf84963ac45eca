// The navbar's route search (spec 02 §2, §5): a search icon that opens a box matching route titles
// and paths fuzzily; choosing a result opens that page.
import { SearchOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuRoute } from '../route-meta';
import { useActiveRole } from '../route-meta';
import { createRouteSearch, searchPool } from './route-search';

export function HeaderSearch({ routes }: { routes: readonly MenuRoute[] }) {
  const navigate = useNavigate();
  const active = useActiveRole();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useMemo(() => createRouteSearch(searchPool(routes, active)), [routes, active]);
  const options = useMemo(() => search(query).map((e) => ({ value: e.path, label: e.title.join(' > ') })), [search, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center' }}>
      <Button type="text" aria-label="搜索页面" icon={<SearchOutlined />} onClick={() => (open ? close() : setOpen(true))} />
      {open && (
        <Select
          autoFocus
          defaultOpen
          showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
          value={null}
          placeholder="搜索页面"
          options={options}
          notFoundContent={query ? '无匹配页面' : null}
          onSelect={(path: string | null) => {
            close();
            if (path) navigate(path);
          }}
          onBlur={close}
          style={{ width: 210 }}
          data-testid="header-search"
        />
      )}
    </span>
  );
}
