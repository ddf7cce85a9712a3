-- Scenarios of the hub's merge rules (HubSchema.swift). Run by run-scenarios.sh with `psql -v ON_ERROR_STOP=1`
-- on a database where the install SQL has been loaded. Each scenario is one DO block on its own logical database,
-- so they are independent and can be ported one by one; a failed ASSERT stops the run with its message.
-- The blocks run as the superuser, so they may read the tables to check the state; the helpers below only read.

\set ON_ERROR_STOP 1
SET client_min_messages = warning;

-- The current value (hex) of a property, or NULL.
CREATE FUNCTION pg_temp.prop(p_db text, p_class text, p_pk text, p_property text) RETURNS text
LANGUAGE sql AS $$
    SELECT encode(value, 'hex') FROM strata.props
    WHERE db = p_db AND class = p_class AND pk = decode(p_pk, 'hex') AND property = p_property
$$;

-- The stored life of an object (0 when the hub has no row).
CREATE FUNCTION pg_temp.life(p_db text, p_class text, p_pk text) RETURNS bigint
LANGUAGE sql AS $$
    SELECT coalesce((SELECT life FROM strata.objects
        WHERE db = p_db AND class = p_class AND pk = decode(p_pk, 'hex')), 0)
$$;

-- The props of an object as one JSON object {"property": "hex"} ('{}' for none).
CREATE FUNCTION pg_temp.props(p_db text, p_class text, p_pk text) RETURNS jsonb
LANGUAGE sql AS $$
    SELECT coalesce(jsonb_object_agg(property, encode(value, 'hex')), '{}') FROM strata.props
    WHERE db = p_db AND class = p_class AND pk = decode(p_pk, 'hex')
$$;

-- The hub's clock as an hlc, plus `ms` milliseconds.
CREATE FUNCTION pg_temp.hlc_in(ms bigint) RETURNS bigint
LANGUAGE sql AS $$ SELECT (floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + ms) * 65536 $$;

-- Rule: the hub reports its schema version.
DO $$
BEGIN
    ASSERT strata.hub_version() = 1, 'hub_version() is 1';
    ASSERT strata.head('never-used') = 0, 'head() of an unknown database is 0';
END $$;

-- Rule: a replayed push (same client, seq <= last_seq) changes nothing and returns the same last_seq; an
-- overlapping batch applies only the seqs above last_seq.
DO $$
DECLARE
    batch jsonb := '[
        {"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 100, "props": {"name": "41"}},
        {"seq": 2, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 200, "props": {"age": "02"}},
        {"seq": 2, "class": "Dog", "pk": "02", "op": "create", "life": 1, "hlc": 200, "props": {"name": "42"}}
    ]';
    r1 jsonb;
    r2 jsonb;
    r3 jsonb;
BEGIN
    r1 := strata.push('replay', 'A', batch);
    ASSERT r1 = '{"version": 1, "last_seq": 2, "lost": [], "rejected": []}', format('first push: %s', r1);
    r2 := strata.push('replay', 'A', batch);
    ASSERT r2 = r1, format('the replay returns the same answer: %s', r2);
    ASSERT strata.head('replay') = 1, 'the replay made no version';
    ASSERT (SELECT count(*) FROM strata.objects WHERE db = 'replay' AND version > 1) = 0, 'the replay changed nothing';
    -- seq 2 again (with another value and a newer clock: it must be skipped), and the new seq 3.
    r3 := strata.push('replay', 'A', '[
        {"seq": 2, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 900, "props": {"age": "99"}},
        {"seq": 3, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 300, "props": {"name": "43"}}
    ]');
    ASSERT r3 ->> 'version' = '2' AND r3 ->> 'last_seq' = '3', format('overlapping batch: %s', r3);
    ASSERT pg_temp.props('replay', 'Dog', '01') = '{"name": "43", "age": "02"}',
        format('only seq 3 was applied: %s', pg_temp.props('replay', 'Dog', '01'));
    ASSERT (SELECT last_seq FROM strata.clients WHERE db = 'replay' AND client = 'A') = 3, 'last_seq is 3';
    -- An empty push and a push of replays only return the head and last_seq unchanged.
    ASSERT strata.push('replay', 'A', '[]') = '{"version": 2, "last_seq": 3, "lost": [], "rejected": []}',
        'an empty push';
END $$;

-- Rule: per-property last writer wins by hlc, whatever the arrival order: both orders end in the same state, and
-- a write that arrives after a newer one is reported lost with the winner.
DO $$
DECLARE
    a jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 200,
        "props": {"name": "aa", "age": "0a"}}]';
    b jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 100,
        "props": {"name": "bb", "color": "0b"}}]';
    base jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 50,
        "props": {"name": "00", "age": "00", "color": "00"}}]';
    r jsonb;
BEGIN
    PERFORM strata.push('lww1', 'C', base);
    PERFORM strata.push('lww1', 'A', a);
    r := strata.push('lww1', 'B', b);
    ASSERT r -> 'lost' = '[{"seq": 1, "class": "Dog", "pk": "01", "property": "name", "winner": "A"}]',
        format('B''s older name is lost to A: %s', r);
    PERFORM strata.push('lww2', 'C', base);
    r := strata.push('lww2', 'B', b);
    ASSERT r -> 'lost' = '[]', 'B wins at first';
    r := strata.push('lww2', 'A', a);
    ASSERT r -> 'lost' = '[]', 'A wins over B';
    ASSERT pg_temp.props('lww1', 'Dog', '01') = '{"name": "aa", "age": "0a", "color": "0b"}',
        format('lww1: %s', pg_temp.props('lww1', 'Dog', '01'));
    ASSERT pg_temp.props('lww1', 'Dog', '01') = pg_temp.props('lww2', 'Dog', '01'), 'both orders converge';
    ASSERT (SELECT count(*) FROM strata.lost_writes
        WHERE db = 'lww1' AND loser = 'B' AND winner = 'A' AND property = 'name') = 1, 'the loss is recorded';
END $$;

-- Rule: equal hlcs are broken by the client id, compared by bytes (COLLATE "C": 'a' > 'B' > 'A'), in both orders.
DO $$
DECLARE
    base jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 1, "props": {}}]';
    d text;
    c text;
    r jsonb;
BEGIN
    FOREACH d IN ARRAY ARRAY['tie1', 'tie2'] LOOP
        PERFORM strata.push(d, 'Z0', base);
        FOREACH c IN ARRAY CASE WHEN d = 'tie1' THEN ARRAY['A', 'B', 'a'] ELSE ARRAY['a', 'B', 'A'] END LOOP
            r := strata.push(d, c, format('[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1,
                "hlc": 500, "props": {"name": "%s"}}]', encode(convert_to(c, 'UTF8'), 'hex'))::jsonb);
        END LOOP;
        ASSERT pg_temp.prop(d, 'Dog', '01', 'name') = '61', format('%s: client a wins the tie', d);
        ASSERT (SELECT client FROM strata.props p WHERE p.db = d AND property = 'name' LIMIT 1) = 'a', 'stored client';
    END LOOP;
    ASSERT r -> 'lost' -> 0 ->> 'winner' = 'a', format('A loses to a: %s', r);
END $$;

-- Rule: an hlc more than 60 s ahead of the hub is clamped to (now + 60 s) * 65536, so a later honest write (here
-- one made 61 s ahead, itself clamped, and one just above the first clamp) wins over a clock 10 minutes ahead.
DO $$
DECLARE
    before bigint := pg_temp.hlc_in(60000);
    stored bigint;
    r jsonb;
BEGIN
    PERFORM strata.push('clamp', 'fast', format('[{"seq": 1, "class": "Dog", "pk": "01", "op": "create",
        "life": 1, "hlc": %s, "props": {"name": "0f", "age": "0f"}}]', pg_temp.hlc_in(600000))::jsonb);
    stored := (SELECT hlc FROM strata.props WHERE db = 'clamp' AND property = 'name');
    ASSERT stored >= before AND stored <= pg_temp.hlc_in(60000) AND stored % 65536 = 0,
        format('the hlc was clamped: %s not in [%s, now + 60 s]', stored, before);
    PERFORM pg_sleep(0.01);
    r := strata.push('clamp', 'honest', format('[{"seq": 1, "class": "Dog", "pk": "01", "op": "update",
        "life": 1, "hlc": %s, "props": {"name": "01"}}]', pg_temp.hlc_in(61000))::jsonb);
    ASSERT r -> 'lost' = '[]', format('a write 61 s ahead, made later, wins: %s', r);
    r := strata.push('clamp', 'honest', format('[{"seq": 2, "class": "Dog", "pk": "01", "op": "update",
        "life": 1, "hlc": %s, "props": {"age": "01"}}]', stored + 1)::jsonb);
    ASSERT r -> 'lost' = '[]', format('an honest write just above the clamp wins: %s', r);
    ASSERT pg_temp.props('clamp', 'Dog', '01') = '{"name": "01", "age": "01"}', 'the honest values stand';
END $$;

-- Rule: a delete beats a concurrent update (one made on the life the delete ended), in both arrival orders.
DO $$
DECLARE
    create_ jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 100,
        "props": {"name": "41"}}]';
    update_ jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 999999,
        "props": {"name": "42"}}]';
    delete_ jsonb := '[{"seq": 2, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]';
    r jsonb;
BEGIN
    -- Update first, then the delete.
    PERFORM strata.push('del1', 'A', create_);
    r := strata.push('del1', 'B', update_);
    ASSERT r -> 'lost' = '[]', 'the update applies while the object lives';
    r := strata.push('del1', 'A', delete_);
    ASSERT r -> 'lost' = '[]', format('the delete wins: %s', r);
    -- Delete first, then the update.
    PERFORM strata.push('del2', 'A', create_);
    PERFORM strata.push('del2', 'A', delete_);
    r := strata.push('del2', 'B', update_);
    ASSERT r -> 'lost' = '[{"seq": 1, "class": "Dog", "pk": "01", "property": "name", "winner": "delete"}]',
        format('the update is lost to the delete: %s', r);
    ASSERT r ->> 'version' = '2', 'a lost push makes no version';
    ASSERT pg_temp.life('del1', 'Dog', '01') = 2 AND pg_temp.life('del2', 'Dog', '01') = 2, 'both deleted';
    ASSERT pg_temp.props('del1', 'Dog', '01') = '{}' AND pg_temp.props('del2', 'Dog', '01') = '{}',
        'tombstones keep no props';
    -- Two concurrent deletes of one life are the same delete: nothing is lost.
    r := strata.push('del2', 'C', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]');
    ASSERT r -> 'lost' = '[]' AND r ->> 'version' = '2', format('a second delete of life 1: %s', r);
END $$;

-- Rule: a create over a delete the writer had not seen starts a new life (max(L, H + 1) = 3) and all its values
-- survive, even those with an older clock than the deleted life's.
DO $$
DECLARE
    r jsonb;
BEGIN
    PERFORM strata.push('recreate', 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 500, "props": {"name": "41", "age": "05"}}]');
    PERFORM strata.push('recreate', 'A', '[{"seq": 2, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]');
    r := strata.push('recreate', 'B', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 100, "props": {"name": "42"}}]');
    ASSERT r -> 'lost' = '[]', format('the create is not lost: %s', r);
    ASSERT pg_temp.life('recreate', 'Dog', '01') = 3, 'life 3';
    ASSERT pg_temp.props('recreate', 'Dog', '01') = '{"name": "42"}',
        format('only the new life''s values: %s', pg_temp.props('recreate', 'Dog', '01'));
END $$;

-- Rule (alias): when a client's create lands at another life than its own, that client's later entries at its old
-- life (an update at L, a delete at L + 1, pushed before it pulled the hub's life) apply to the hub's life.
DO $$
DECLARE
    r jsonb;
BEGIN
    PERFORM strata.push('alias', 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 500, "props": {"name": "41"}},
        {"seq": 2, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]');
    -- B never saw life 1: its create becomes life 3; its update in the same batch follows it.
    r := strata.push('alias', 'B', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 100, "props": {"name": "42"}},
        {"seq": 2, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 101, "props": {"age": "07"}}]');
    ASSERT r -> 'lost' = '[]', format('B''s update follows its create: %s', r);
    ASSERT pg_temp.life('alias', 'Dog', '01') = 3, 'life 3';
    ASSERT pg_temp.props('alias', 'Dog', '01') = '{"name": "42", "age": "07"}', 'B''s values';
    -- Another client's update at life 1 is still an update of the deleted life.
    r := strata.push('alias', 'C', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1,
        "hlc": 900, "props": {"age": "09"}}]');
    ASSERT r -> 'lost' -> 0 ->> 'winner' = 'new life', format('C''s stale update is lost to the new life: %s', r);
    -- B deletes its object at its own life 2: the hub's life 3 ends (life 4).
    r := strata.push('alias', 'B', '[{"seq": 3, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]');
    ASSERT r -> 'lost' = '[]' AND pg_temp.life('alias', 'Dog', '01') = 4, format('B''s delete: %s', r);
END $$;

-- Rule: two concurrent creates of one key merge per property by last writer wins into one life, in both orders.
DO $$
DECLARE
    a jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 100,
        "props": {"name": "aa", "age": "0a"}}]';
    b jsonb := '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 200,
        "props": {"name": "bb", "color": "0b"}}]';
    r jsonb;
BEGIN
    PERFORM strata.push('cc1', 'A', a);
    r := strata.push('cc1', 'B', b);
    ASSERT r -> 'lost' = '[]', format('B merges: %s', r);
    PERFORM strata.push('cc2', 'B', b);
    r := strata.push('cc2', 'A', a);
    ASSERT r -> 'lost' = '[{"seq": 1, "class": "Dog", "pk": "01", "property": "name", "winner": "B"}]',
        format('A''s older name loses: %s', r);
    ASSERT pg_temp.life('cc1', 'Dog', '01') = 1 AND pg_temp.life('cc2', 'Dog', '01') = 1, 'one life';
    ASSERT pg_temp.props('cc1', 'Dog', '01') = '{"name": "bb", "age": "0a", "color": "0b"}',
        format('merged: %s', pg_temp.props('cc1', 'Dog', '01'));
    ASSERT pg_temp.props('cc1', 'Dog', '01') = pg_temp.props('cc2', 'Dog', '01'), 'both orders converge';
END $$;

-- Rule: after a delete, a stale update from the old life is lost and reported (winner "delete"); after a new life,
-- a stale update or delete of the old life is lost to "new life"; every loss is recorded in lost_writes.
DO $$
DECLARE
    r jsonb;
BEGIN
    PERFORM strata.push('stale', 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 100, "props": {"name": "41"}},
        {"seq": 2, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]');
    r := strata.push('stale', 'B', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1,
        "hlc": 200, "props": {"name": "42", "age": "02"}}]');
    ASSERT r -> 'lost' = '[{"seq": 1, "class": "Dog", "pk": "01", "property": "age", "winner": "delete"},
        {"seq": 1, "class": "Dog", "pk": "01", "property": "name", "winner": "delete"}]', format('lost: %s', r);
    ASSERT pg_temp.life('stale', 'Dog', '01') = 2 AND pg_temp.props('stale', 'Dog', '01') = '{}', 'still deleted';
    PERFORM strata.push('stale', 'A', '[{"seq": 3, "class": "Dog", "pk": "01", "op": "create", "life": 3,
        "hlc": 300, "props": {"name": "43"}}]');
    r := strata.push('stale', 'C', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 1,
        "hlc": 400, "props": {"name": "44"}},
        {"seq": 2, "class": "Dog", "pk": "01", "op": "delete", "life": 2}]');
    ASSERT r -> 'lost' = '[{"seq": 1, "class": "Dog", "pk": "01", "property": "name", "winner": "new life"},
        {"seq": 2, "class": "Dog", "pk": "01", "property": null, "winner": "new life"}]', format('lost: %s', r);
    ASSERT pg_temp.life('stale', 'Dog', '01') = 3 AND pg_temp.props('stale', 'Dog', '01') = '{"name": "43"}',
        'life 3 stands';
    ASSERT (SELECT count(*) FROM strata.lost_writes WHERE db = 'stale') = 4, 'four losses recorded';
    ASSERT (SELECT count(*) FROM strata.lost_writes WHERE db = 'stale' AND property IS NULL AND loser = 'C') = 1,
        'the lost delete is recorded without a property';
END $$;

-- Rule: versions are consecutive: each push that changes something gets head + 1, a push that changes nothing
-- keeps the head, and objects.version / props.version are the version of their last change.
DO $$
DECLARE
    r1 jsonb;
    r2 jsonb;
    r3 jsonb;
BEGIN
    r1 := strata.push('ver', 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 100,
        "props": {"name": "41"}}]');
    r2 := strata.push('ver', 'B', '[{"seq": 1, "class": "Dog", "pk": "02", "op": "create", "life": 1, "hlc": 100,
        "props": {"name": "42"}}]');
    ASSERT (r1 ->> 'version')::int = 1 AND (r2 ->> 'version')::int = 2, format('consecutive: %s %s', r1, r2);
    r3 := strata.push('ver', 'B', '[{"seq": 2, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 50,
        "props": {"name": "43"}}]');
    ASSERT r3 ->> 'version' = '2' AND jsonb_array_length(r3 -> 'lost') = 1, format('nothing changed: %s', r3);
    r3 := strata.push('ver', 'B', '[{"seq": 3, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 150,
        "props": {"age": "03"}}]');
    ASSERT r3 ->> 'version' = '3' AND strata.head('ver') = 3, format('the next change is version 3: %s', r3);
    ASSERT (SELECT version FROM strata.objects WHERE db = 'ver' AND pk = '\x01') = 3, 'object version 3';
    ASSERT (SELECT version FROM strata.props WHERE db = 'ver' AND pk = '\x01' AND property = 'name') = 1,
        'an unchanged prop keeps its version';
    ASSERT (SELECT version FROM strata.props WHERE db = 'ver' AND pk = '\x01' AND property = 'age') = 3,
        'a written prop gets the push''s version';
END $$;

-- Rule: pull_objects returns exactly the objects changed in (after, upto], ordered by version, class, pk;
-- pull_props returns all the current props of those objects (not only the changed ones); tombstones have none.
DO $$
DECLARE
    got text;
BEGIN
    PERFORM strata.push('pull', 'A', '[
        {"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 1, "props": {"a": "01", "b": "01"}},
        {"seq": 1, "class": "Cat", "pk": "02", "op": "create", "life": 1, "hlc": 1, "props": {"a": "02"}},
        {"seq": 1, "class": "Dog", "pk": "03", "op": "create", "life": 1, "hlc": 1, "props": {"a": "03"}}]');
    PERFORM strata.push('pull', 'A', '[
        {"seq": 2, "class": "Dog", "pk": "01", "op": "update", "life": 1, "hlc": 2, "props": {"b": "0b"}},
        {"seq": 2, "class": "Dog", "pk": "03", "op": "delete", "life": 2}]');
    PERFORM strata.push('pull', 'A', '[
        {"seq": 3, "class": "Cat", "pk": "04", "op": "create", "life": 1, "hlc": 3, "props": {"a": "04"}}]');
    SELECT string_agg(format('%s/%s/%s/%s', class, encode(pk, 'hex'), life, version), ' ') INTO got
        FROM strata.pull_objects('pull', 0, 3);
    ASSERT got = 'Cat/02/1/1 Dog/01/1/2 Dog/03/2/2 Cat/04/1/3', format('all objects: %s', got);
    SELECT string_agg(format('%s/%s/%s/%s', class, encode(pk, 'hex'), life, version), ' ') INTO got
        FROM strata.pull_objects('pull', 1, 2);
    ASSERT got = 'Dog/01/1/2 Dog/03/2/2', format('objects in (1, 2]: %s', got);
    SELECT string_agg(format('%s/%s/%s=%s@%s:%s', class, encode(pk, 'hex'), property, encode(value, 'hex'), hlc,
        client), ' ') INTO got
        FROM strata.pull_props('pull', 1, 2);
    ASSERT got = 'Dog/01/a=01@1:A Dog/01/b=0b@2:A', format('props in (1, 2]: %s', got);
    SELECT string_agg(format('%s/%s/%s', class, encode(pk, 'hex'), property), ' ') INTO got
        FROM strata.pull_props('pull', 0, 3);
    ASSERT got = 'Cat/02/a Cat/04/a Dog/01/a Dog/01/b', format('all props: %s', got);
    ASSERT NOT EXISTS (SELECT 1 FROM strata.pull_objects('pull', 3, 3)), 'an empty range';
    ASSERT NOT EXISTS (SELECT 1 FROM strata.pull_objects('other', 0, 3)), 'another database';
END $$;

-- Rule: register_class adds the missing properties and raises ST001 (message = the property, detail = the hub's
-- type) when a property exists with another type.
DO $$
DECLARE
    st text;
    msg text;
    det text;
BEGIN
    PERFORM strata.register_class('types', 'Dog', '{"name": "string", "age": "int?", "owner": "link<Person>"}');
    PERFORM strata.register_class('types', 'Dog', '{"name": "string", "tags": "list<string>"}');
    ASSERT (SELECT string_agg(property || ':' || type, ',' ORDER BY property) FROM strata.types
        WHERE db = 'types' AND class = 'Dog') = 'age:int?,name:string,owner:link<Person>,tags:list<string>',
        'four properties';
    BEGIN
        PERFORM strata.register_class('types', 'Dog', '{"weight": "double", "age": "string"}');
        ASSERT false, 'the mismatch raised nothing';
    EXCEPTION WHEN SQLSTATE 'ST001' THEN
        GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
    END;
    ASSERT st = 'ST001' AND msg = 'age' AND det = 'int?', format('ST001 %s / %s', msg, det);
    ASSERT NOT EXISTS (SELECT 1 FROM strata.types WHERE db = 'types' AND property = 'weight'),
        'the failed call added nothing';
    PERFORM strata.register_class('types', 'Cat', '{"age": "string"}');  -- another class: no conflict
END $$;

-- Rule: a logical database name whose NOTIFY channel ('strata_' || name) is longer than 63 bytes raises ST002, in
-- push and in register_class; 56 bytes is the longest accepted name.
DO $$
DECLARE
    n int := 0;
    msg text;
BEGIN
    PERFORM strata.push(repeat('d', 56), 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 1, "props": {}}]');
    BEGIN
        PERFORM strata.push(repeat('d', 57), 'A', '[]');
    EXCEPTION WHEN SQLSTATE 'ST002' THEN
        GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT;
        n := n + 1;
    END;
    ASSERT msg LIKE '%63-byte limit%', format('the message names the limit: %s', msg);
    BEGIN
        PERFORM strata.register_class(repeat('é', 29), 'Dog', '{}');  -- 29 characters, 58 bytes
    EXCEPTION WHEN SQLSTATE 'ST002' THEN
        n := n + 1;
    END;
    ASSERT n = 2, 'both calls raised ST002';
END $$;

-- Rule: a malformed entry is rejected and reported without blocking the others; it still counts for last_seq.
DO $$
DECLARE
    r jsonb;
BEGIN
    r := strata.push('reject', 'A', '[
        {"seq": 1, "class": "Dog", "pk": "0G", "op": "create", "life": 1, "hlc": 1, "props": {}},
        {"seq": 2, "class": "Dog", "pk": "01", "op": "create", "life": 2, "hlc": 1, "props": {}},
        {"seq": 3, "class": "Dog", "pk": "01", "op": "upsert", "life": 1, "hlc": 1, "props": {}},
        {"seq": 4, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 1, "props": {"a": "xyz"}},
        {"seq": 5, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 1, "props": {"a": "01"}}]');
    ASSERT jsonb_array_length(r -> 'rejected') = 4 AND r ->> 'last_seq' = '5' AND r ->> 'version' = '1',
        format('four rejected, the fifth applied: %s', r);
    ASSERT pg_temp.props('reject', 'Dog', '01') = '{"a": "01"}', 'the valid entry applied';
END $$;

-- Rule: an update of a life the hub has not seen (L > H) starts that life and drops the props of the older life.
DO $$
BEGIN
    PERFORM strata.push('ahead', 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1,
        "hlc": 900, "props": {"a": "01", "b": "01"}}]');
    PERFORM strata.push('ahead', 'B', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "update", "life": 3,
        "hlc": 100, "props": {"a": "03"}}]');
    ASSERT pg_temp.life('ahead', 'Dog', '01') = 3 AND pg_temp.props('ahead', 'Dog', '01') = '{"a": "03"}',
        format('life 3: %s', pg_temp.props('ahead', 'Dog', '01'));
END $$;

-- Rule: a role with only the grants of HubSchema.grantSQL can push and pull but cannot read or write the tables.
-- (The GRANTs below are the text grantSQL(role: "strata_app") returns.)
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'strata_app') THEN
        CREATE ROLE strata_app;
    END IF;
END $$;
GRANT USAGE ON SCHEMA strata TO "strata_app";
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA strata TO "strata_app";
DO $$
DECLARE
    r jsonb;
    n int;
    denied int := 0;
BEGIN
    SET LOCAL ROLE strata_app;
    PERFORM strata.register_class('grants', 'Dog', '{"name": "string"}');
    r := strata.push('grants', 'A', '[{"seq": 1, "class": "Dog", "pk": "01", "op": "create", "life": 1, "hlc": 1,
        "props": {"name": "41"}}]');
    ASSERT r ->> 'version' = '1', format('push as strata_app: %s', r);
    ASSERT strata.head('grants') = 1, 'head as strata_app';
    SELECT count(*) INTO n FROM strata.pull_objects('grants', 0, 1);
    ASSERT n = 1, 'pull_objects as strata_app';
    SELECT count(*) INTO n FROM strata.pull_props('grants', 0, 1);
    ASSERT n = 1, 'pull_props as strata_app';
    BEGIN
        SELECT count(*) INTO n FROM strata.objects;
    EXCEPTION WHEN insufficient_privilege THEN
        denied := denied + 1;
    END;
    BEGIN
        UPDATE strata.heads SET version = 0;
    EXCEPTION WHEN insufficient_privilege THEN
        denied := denied + 1;
    END;
    ASSERT denied = 2, 'the tables are not readable or writable by strata_app';
    RESET ROLE;
END $$;
-- PUBLIC has no access at all.
DO $$
DECLARE
    denied boolean := false;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'strata_nobody') THEN
        CREATE ROLE strata_nobody;
    END IF;
    SET LOCAL ROLE strata_nobody;
    BEGIN
        PERFORM strata.head('grants');
    EXCEPTION WHEN insufficient_privilege THEN
        denied := true;
    END;
    RESET ROLE;
    ASSERT denied, 'a role without the grants cannot call the functions';
END $$;
