// The hub: the PostgreSQL schema `strata` through which server instances, each with its own local file, share one
// logical database. There is no server of ours: every merge happens in the PL/pgSQL functions below, and the
// application role needs only EXECUTE on them (see `grantSQL(role:)`); the tables are granted to nobody.
//
// Tables (every name column uses COLLATE "C", so ordering and the client tie-break never depend on a locale):
// - meta(hub_version): one row, the schema version (`HubSchema.version`).
// - heads(db, version): one row per logical database. `push` locks it (SELECT ... FOR UPDATE) for the rest of its
//   transaction, so the pushes to one database are serialized and versions are assigned in commit order, without
//   gaps: a puller that has seen version n has seen every change up to n.
// - clients(db, client, last_seq): the highest local sequence number applied per client; an entry whose seq is not
//   above it is a replay and is skipped, so a push may be retried after any failure.
// - objects(db, class, pk, life, version): `life` is the object's causal length: odd = alive, even = deleted (a
//   tombstone, kept forever), 0 = never existed. `version` is the head version of the last change to the object
//   (its life or any of its properties).
// - props(db, class, pk, property, value, hlc, client, version): the current value of each property of each live
//   object, with the clock and client of the write that set it. Tombstones keep no props.
// - types(db, class, property, type): the property types registered by `register_class`; type names are opaque.
// - lost_writes(...): a record of every write that lost a merge (for diagnostics; never read by the functions).
// - aliases(db, class, pk, client, from_life, to_life): when a client's create lands at another life than the one it
//   sent (a new life after a delete it had not seen, or a merge into a concurrent create's life), the entries that
//   client pushes later for that object at its old life are moved to the hub's life (see "Lives").
//
// Merge rules (`push`):
// - Clock: `hlc` is a hybrid logical clock, milliseconds since the Unix epoch * 65536 + a counter. An hlc more than
//   60 s ahead of the hub's clock_timestamp() is clamped to (now_ms + 60000) * 65536, so one fast clock cannot win
//   every conflict for the rest of its error.
// - Properties: last writer wins by (hlc, client), compared as a pair (client by bytes). The entry replaces the
//   stored value iff there is none or its pair is greater; an equal pair is the same write and changes nothing; a
//   smaller pair loses and is reported in "lost" with the winning client.
// - Lives (H = stored life, L = the entry's life, after the alias mapping):
//   - delete (L even): L > H sets life = L and drops the props; L = H is the same delete again (nothing to do);
//     L < H loses (winner "delete" if H is even, else "new life").
//   - create (L odd): H even (absent or deleted, even by a delete the writer had not seen): life = max(L, H + 1),
//     every prop is written with the entry's clock. H odd and L > H: life = L, every prop written. H odd and
//     L <= H: the props merge by last writer wins into life H (concurrent creates of one key merge). When the life
//     kept differs from L, the alias (client, L -> life) is recorded: that client's later updates at life L and
//     deletes at life L + 1, made before it pulled the hub's life, are applied at life and life + 1.
//   - update (L odd): L = H merges by last writer wins; L > H sets life = L, drops the props of the older life, and
//     writes the entry's props; L < H loses every prop (a delete beats a concurrent update).
//   - Every change sets objects.version, and every written prop's version, to the push's version.
// - Rejected entries (malformed: unknown op, life of the wrong parity, bad hex) are skipped and reported in
//   "rejected"; they still count towards last_seq so they do not block the entries after them.
//
// Using it from a client:
// - Install: call strata.hub_version(); if the schema or the function is missing (or older), send `installSQL` in
//   one simple-query call. It runs in one transaction under an advisory lock, so concurrent installers are safe, and
//   refuses (SQLSTATE ST004) to replace a newer hub. It contains BEGIN/COMMIT: after an error, send ROLLBACK. The
//   installer owns the functions (SECURITY DEFINER runs them as their owner), so installing and upgrading need the
//   role that owns the schema; a role with only the grants of `grantSQL(role:)` can use the hub, not install it.
// - Push: one call of strata.push per transaction, in READ COMMITTED (the default): the head row lock serializes the
//   pushes, and each statement after the lock sees the previous push's commit.
// - Pull: in one REPEATABLE READ transaction, n = strata.head(db), then strata.pull_objects(db, seen, n) and
//   strata.pull_props(db, seen, n). Changes are announced with NOTIFY on the channel 'strata_' || db, the payload
//   being the new version: LISTEN "strata_<db>" (quoted: the name is case-sensitive).
// - strata.check_db(db) is a helper of push and register_class (ST002 check); calling it is harmless.
// - Errors: ST001 property type mismatch (message = property, detail = the hub's type); ST002 database name too long
//   for a NOTIFY channel; ST004 hub newer than this client; 22023 malformed arguments.

/// The SQL of the hub schema `strata` in PostgreSQL, through which replicas share one logical database.
package enum HubSchema {
    /// The version of the schema `installSQL` installs; `strata.hub_version()` returns the installed one.
    package static let version = 1

    /// The whole hub schema: idempotent, one transaction, safe to run from several processes at once (they queue on
    /// an advisory lock). Send it with one simple-query call; after an error, send ROLLBACK.
    ///
    /// `Tests/StrataSyncTests/Hub/run-scenarios.sh` cuts the SQL out of this file between the line that opens the
    /// literal and the line that closes it: keep both delimiters on lines of their own.
    package static let installSQL: String = #"""
        BEGIN ISOLATION LEVEL READ COMMITTED;
        SELECT pg_advisory_xact_lock(6013554223039956053);  -- 'StrataHU'
        SET LOCAL client_min_messages = warning;

        DO $install$
        DECLARE
            installed int;
        BEGIN
            IF to_regprocedure('strata.hub_version()') IS NOT NULL THEN
                EXECUTE 'SELECT strata.hub_version()' INTO installed;
                IF installed > 1 THEN
                    RAISE EXCEPTION USING ERRCODE = 'ST004',
                        MESSAGE = format('the hub schema is version %s, newer than this Strata (version 1)', installed);
                END IF;
            END IF;
        END
        $install$;

        CREATE SCHEMA IF NOT EXISTS strata;

        CREATE TABLE IF NOT EXISTS strata.meta (
            hub_version int NOT NULL,
            one boolean PRIMARY KEY DEFAULT true CHECK (one)
        );
        INSERT INTO strata.meta (hub_version) VALUES (1)
            ON CONFLICT (one) DO UPDATE SET hub_version = greatest(strata.meta.hub_version, 1);

        CREATE TABLE IF NOT EXISTS strata.heads (
            db text COLLATE "C" PRIMARY KEY,
            version bigint NOT NULL
        );

        CREATE TABLE IF NOT EXISTS strata.clients (
            db text COLLATE "C",
            client text COLLATE "C",
            last_seq bigint NOT NULL,
            PRIMARY KEY (db, client)
        );

        CREATE TABLE IF NOT EXISTS strata.objects (
            db text COLLATE "C",
            class text COLLATE "C",
            pk bytea,
            life bigint NOT NULL,
            version bigint NOT NULL,
            PRIMARY KEY (db, class, pk)
        );
        CREATE INDEX IF NOT EXISTS objects_db_version ON strata.objects (db, version);

        CREATE TABLE IF NOT EXISTS strata.props (
            db text COLLATE "C",
            class text COLLATE "C",
            pk bytea,
            property text COLLATE "C",
            value bytea NOT NULL,
            hlc bigint NOT NULL,
            client text COLLATE "C" NOT NULL,
            version bigint NOT NULL,
            PRIMARY KEY (db, class, pk, property)
        );
        CREATE INDEX IF NOT EXISTS props_db_version ON strata.props (db, version);

        CREATE TABLE IF NOT EXISTS strata.types (
            db text COLLATE "C",
            class text COLLATE "C",
            property text COLLATE "C",
            type text NOT NULL,
            PRIMARY KEY (db, class, property)
        );

        CREATE TABLE IF NOT EXISTS strata.lost_writes (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            db text COLLATE "C" NOT NULL,
            version bigint NOT NULL,
            seq bigint NOT NULL,
            class text COLLATE "C" NOT NULL,
            pk bytea NOT NULL,
            property text COLLATE "C",
            loser text COLLATE "C" NOT NULL,
            winner text NOT NULL,
            at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS lost_writes_db_version ON strata.lost_writes (db, version);

        CREATE TABLE IF NOT EXISTS strata.aliases (
            db text COLLATE "C",
            class text COLLATE "C",
            pk bytea,
            client text COLLATE "C",
            from_life bigint,
            to_life bigint NOT NULL,
            PRIMARY KEY (db, class, pk, client, from_life)
        );

        CREATE OR REPLACE FUNCTION strata.hub_version() RETURNS int
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$ SELECT hub_version FROM strata.meta $fn$;

        -- Raises ST002 unless 'strata_' || p_db fits a NOTIFY channel name (63 bytes).
        CREATE OR REPLACE FUNCTION strata.check_db(p_db text) RETURNS void
        LANGUAGE plpgsql IMMUTABLE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$
        BEGIN
            IF p_db IS NULL OR p_db = '' THEN
                RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'the logical database name is empty';
            END IF;
            IF octet_length('strata_' || p_db) > 63 THEN
                RAISE EXCEPTION USING ERRCODE = 'ST002',
                    MESSAGE = format('the logical database name %L is too long: ''strata_'' || name must fit the '
                        '63-byte limit of a NOTIFY channel name (it is %s bytes)',
                        p_db, octet_length('strata_' || p_db));
            END IF;
        END
        $fn$;

        CREATE OR REPLACE FUNCTION strata.register_class(p_db text, p_class text, p_types jsonb) RETURNS void
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$
        DECLARE
            k text;
            t jsonb;
            hub text;
        BEGIN
            PERFORM strata.check_db(p_db);
            IF p_class IS NULL OR p_class = '' THEN
                RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'the class name is empty';
            END IF;
            IF p_types IS NULL OR jsonb_typeof(p_types) <> 'object' THEN
                RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'p_types must be a JSON object {"property": "type"}';
            END IF;
            FOR k, t IN SELECT key, value FROM jsonb_each(p_types) ORDER BY key COLLATE "C" LOOP
                IF jsonb_typeof(t) <> 'string' THEN
                    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = format('the type of %s is not a string', k);
                END IF;
                INSERT INTO strata.types (db, class, property, type) VALUES (p_db, p_class, k, t #>> '{}')
                    ON CONFLICT DO NOTHING;
                SELECT ty.type INTO hub FROM strata.types ty
                    WHERE ty.db = p_db AND ty.class = p_class AND ty.property = k;
                IF hub <> t #>> '{}' THEN
                    RAISE EXCEPTION USING ERRCODE = 'ST001', MESSAGE = k, DETAIL = hub,
                        HINT = format('%s.%s is %s on the hub but %s in the registering client', p_class, k, hub,
                            t #>> '{}');
                END IF;
            END LOOP;
        END
        $fn$;

        CREATE OR REPLACE FUNCTION strata.head(p_db text) RETURNS bigint
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$ SELECT coalesce((SELECT h.version FROM strata.heads h WHERE h.db = p_db), 0) $fn$;

        CREATE OR REPLACE FUNCTION strata.pull_objects(p_db text, p_after bigint, p_upto bigint)
        RETURNS TABLE (class text, pk bytea, life bigint, version bigint)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$
            SELECT o.class, o.pk, o.life, o.version
            FROM strata.objects o
            WHERE o.db = p_db AND o.version > p_after AND o.version <= p_upto
            ORDER BY o.version, o.class, o.pk
        $fn$;

        CREATE OR REPLACE FUNCTION strata.pull_props(p_db text, p_after bigint, p_upto bigint)
        RETURNS TABLE (class text, pk bytea, property text, value bytea, hlc bigint, client text)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$
            SELECT p.class, p.pk, p.property, p.value, p.hlc, p.client
            FROM strata.objects o
            JOIN strata.props p ON p.db = o.db AND p.class = o.class AND p.pk = o.pk
            WHERE o.db = p_db AND o.version > p_after AND o.version <= p_upto
            ORDER BY p.class, p.pk, p.property
        $fn$;

        CREATE OR REPLACE FUNCTION strata.push(p_db text, p_client text, p_entries jsonb) RETURNS jsonb
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = strata, pg_temp
        AS $fn$
        DECLARE
            cur_head bigint;
            v bigint;
            prev_seq bigint;
            max_seq bigint;
            changed boolean := false;
            lost jsonb := '[]';
            rejected jsonb := '[]';
            max_hlc bigint;
            e jsonb;
            e_seq bigint;
            e_class text;
            e_pk bytea;
            e_op text;
            e_life bigint;
            e_hlc bigint;
            e_props jsonb;
            h bigint;
            new_life bigint;
            reason text;
            winner text;
            touched boolean;
            k text;
            val text;
            cur record;
        BEGIN
            PERFORM strata.check_db(p_db);
            IF p_client IS NULL OR p_client = '' THEN
                RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'the client id is empty';
            END IF;
            IF p_entries IS NULL OR jsonb_typeof(p_entries) <> 'array' THEN
                RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'p_entries must be a JSON array';
            END IF;

            INSERT INTO strata.heads AS hd (db, version) VALUES (p_db, 0) ON CONFLICT DO NOTHING;
            SELECT hd.version INTO cur_head FROM strata.heads hd WHERE hd.db = p_db FOR UPDATE;
            INSERT INTO strata.clients AS c (db, client, last_seq) VALUES (p_db, p_client, 0) ON CONFLICT DO NOTHING;
            SELECT c.last_seq INTO prev_seq FROM strata.clients c WHERE c.db = p_db AND c.client = p_client FOR UPDATE;
            v := cur_head + 1;
            max_seq := prev_seq;
            -- The clamp of the clocks, taken once the lock is held: (now + 60 s) * 65536.
            max_hlc := (floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 60000) * 65536;

            FOR e IN SELECT x.value FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS x(value, n) ORDER BY x.n
            LOOP
                IF jsonb_typeof(e -> 'seq') IS DISTINCT FROM 'number' OR (e ->> 'seq') !~ '^[0-9]+$' THEN
                    RAISE EXCEPTION USING ERRCODE = '22023',
                        MESSAGE = format('an entry has no non-negative integer "seq": %s', left(e::text, 200));
                END IF;
                e_seq := (e ->> 'seq')::bigint;
                IF e_seq <= prev_seq THEN
                    CONTINUE;  -- a replay
                END IF;
                max_seq := greatest(max_seq, e_seq);

                -- Validation: a malformed entry is reported and skipped.
                reason := NULL;
                e_class := e ->> 'class';
                e_op := e ->> 'op';
                e_props := coalesce(e -> 'props', '{}');
                IF jsonb_typeof(e -> 'class') IS DISTINCT FROM 'string' OR e_class = '' THEN
                    reason := 'no class';
                ELSIF jsonb_typeof(e -> 'pk') IS DISTINCT FROM 'string' OR (e ->> 'pk') !~ '^([0-9a-f]{2})*$' THEN
                    reason := 'pk is not lowercase hex';
                ELSIF e_op IS NULL OR e_op NOT IN ('create', 'update', 'delete') THEN
                    reason := format('unknown op %s', coalesce(e_op, 'null'));
                ELSIF jsonb_typeof(e -> 'life') IS DISTINCT FROM 'number' OR (e ->> 'life') !~ '^[0-9]+$'
                    OR (e ->> 'life')::numeric < 1 OR (e ->> 'life')::numeric > 9223372036854775806 THEN
                    reason := 'life is not a positive integer';
                ELSIF (e_op = 'delete') <> ((e ->> 'life')::bigint % 2 = 0) THEN
                    reason := format('life %s has the wrong parity for %s', e ->> 'life', e_op);
                ELSIF e_op <> 'delete' AND (jsonb_typeof(e -> 'hlc') IS DISTINCT FROM 'number'
                    OR (e ->> 'hlc') !~ '^[0-9]+$' OR (e ->> 'hlc')::numeric > 9223372036854775807) THEN
                    reason := 'hlc is not a non-negative integer';
                ELSIF jsonb_typeof(e_props) <> 'object' THEN
                    reason := 'props is not an object';
                ELSIF e_op <> 'delete' AND EXISTS (
                    SELECT 1 FROM jsonb_each(e_props) j
                    WHERE jsonb_typeof(j.value) <> 'string' OR (j.value #>> '{}') !~ '^([0-9a-f]{2})*$'
                ) THEN
                    reason := 'a property value is not lowercase hex';
                END IF;
                IF reason IS NOT NULL THEN
                    rejected := rejected
                        || jsonb_build_object('seq', e_seq, 'class', e_class, 'pk', e -> 'pk', 'reason', reason);
                    CONTINUE;
                END IF;

                e_pk := decode(e ->> 'pk', 'hex');
                e_life := (e ->> 'life')::bigint;
                e_hlc := CASE WHEN e_op = 'delete' THEN 0 ELSE least((e ->> 'hlc')::bigint, max_hlc) END;
                touched := false;

                SELECT o.life INTO h FROM strata.objects o WHERE o.db = p_db AND o.class = e_class AND o.pk = e_pk;
                IF NOT FOUND THEN
                    h := 0;
                END IF;

                -- A create of this client that landed at another life: its later entries follow that life.
                IF e_op <> 'create' THEN
                    SELECT a.to_life + (e_life - a.from_life) INTO new_life FROM strata.aliases a
                    WHERE a.db = p_db AND a.class = e_class AND a.pk = e_pk AND a.client = p_client
                        AND a.from_life = CASE WHEN e_op = 'delete' THEN e_life - 1 ELSE e_life END;
                    IF FOUND THEN
                        e_life := new_life;
                    END IF;
                END IF;

                IF e_op = 'delete' THEN
                    IF e_life > h THEN
                        INSERT INTO strata.objects AS o (db, class, pk, life, version)
                            VALUES (p_db, e_class, e_pk, e_life, v)
                            ON CONFLICT (db, class, pk) DO UPDATE SET life = excluded.life, version = excluded.version;
                        DELETE FROM strata.props p WHERE p.db = p_db AND p.class = e_class AND p.pk = e_pk;
                        changed := true;
                    ELSIF e_life < h THEN
                        lost := lost || jsonb_build_object('seq', e_seq, 'class', e_class, 'pk', encode(e_pk, 'hex'),
                            'property', NULL, 'winner', CASE WHEN h % 2 = 0 THEN 'delete' ELSE 'new life' END);
                    END IF;
                    CONTINUE;
                END IF;

                IF e_op = 'create' AND (h % 2 = 0 OR e_life > h) THEN
                    -- A new life: the entry's props are the whole object.
                    new_life := CASE WHEN h % 2 = 0 THEN greatest(e_life, h + 1) ELSE e_life END;
                    INSERT INTO strata.objects AS o (db, class, pk, life, version)
                        VALUES (p_db, e_class, e_pk, new_life, v)
                        ON CONFLICT (db, class, pk) DO UPDATE SET life = excluded.life, version = excluded.version;
                    DELETE FROM strata.props p WHERE p.db = p_db AND p.class = e_class AND p.pk = e_pk;
                    INSERT INTO strata.props (db, class, pk, property, value, hlc, client, version)
                        SELECT p_db, e_class, e_pk, j.key, decode(j.value #>> '{}', 'hex'), e_hlc, p_client, v
                        FROM jsonb_each(e_props) j;
                    changed := true;
                ELSIF e_op = 'create' THEN
                    new_life := h;  -- alive at h >= e_life: merge into the current life
                ELSIF e_life < h THEN
                    -- An update of an older life: a delete (or a delete and a new life) beats it.
                    winner := CASE WHEN h % 2 = 0 THEN 'delete' ELSE 'new life' END;
                    lost := lost || coalesce((SELECT jsonb_agg(jsonb_build_object('seq', e_seq, 'class', e_class,
                        'pk', encode(e_pk, 'hex'), 'property', j.key, 'winner', winner) ORDER BY j.key COLLATE "C")
                        FROM jsonb_each(e_props) j), '[]');
                    CONTINUE;
                ELSE
                    new_life := e_life;
                    IF e_life > h THEN
                        INSERT INTO strata.objects AS o (db, class, pk, life, version)
                            VALUES (p_db, e_class, e_pk, e_life, v)
                            ON CONFLICT (db, class, pk) DO UPDATE SET life = excluded.life, version = excluded.version;
                        DELETE FROM strata.props p WHERE p.db = p_db AND p.class = e_class AND p.pk = e_pk;
                        changed := true;
                    END IF;
                END IF;

                IF e_op = 'create' AND new_life <> e_life THEN
                    INSERT INTO strata.aliases AS a (db, class, pk, client, from_life, to_life)
                        VALUES (p_db, e_class, e_pk, p_client, e_life, new_life)
                        ON CONFLICT (db, class, pk, client, from_life) DO UPDATE SET to_life = excluded.to_life;
                END IF;

                IF e_op = 'create' AND new_life <> h THEN
                    CONTINUE;  -- written above
                END IF;

                -- Per-property last writer wins by (hlc, client).
                FOR k, val IN SELECT j.key, j.value #>> '{}' FROM jsonb_each(e_props) j ORDER BY j.key COLLATE "C" LOOP
                    SELECT p.hlc, p.client INTO cur FROM strata.props p
                    WHERE p.db = p_db AND p.class = e_class AND p.pk = e_pk AND p.property = k;
                    IF NOT FOUND OR e_hlc > cur.hlc OR (e_hlc = cur.hlc AND p_client COLLATE "C" > cur.client) THEN
                        INSERT INTO strata.props AS p (db, class, pk, property, value, hlc, client, version)
                            VALUES (p_db, e_class, e_pk, k, decode(val, 'hex'), e_hlc, p_client, v)
                            ON CONFLICT (db, class, pk, property) DO UPDATE
                            SET value = excluded.value, hlc = excluded.hlc, client = excluded.client,
                                version = excluded.version;
                        touched := true;
                    ELSIF e_hlc = cur.hlc AND p_client = cur.client THEN
                        NULL;  -- the same write, already applied
                    ELSE
                        lost := lost || jsonb_build_object('seq', e_seq, 'class', e_class, 'pk', encode(e_pk, 'hex'),
                            'property', k, 'winner', cur.client);
                    END IF;
                END LOOP;
                IF touched THEN
                    UPDATE strata.objects o SET version = v WHERE o.db = p_db AND o.class = e_class AND o.pk = e_pk;
                    changed := true;
                END IF;
            END LOOP;

            IF changed THEN
                UPDATE strata.heads hd SET version = v WHERE hd.db = p_db;
                cur_head := v;
                PERFORM pg_notify('strata_' || p_db, v::text);
            END IF;
            IF max_seq > prev_seq THEN
                UPDATE strata.clients c SET last_seq = max_seq WHERE c.db = p_db AND c.client = p_client;
            END IF;
            IF jsonb_array_length(lost) > 0 THEN
                INSERT INTO strata.lost_writes (db, version, seq, class, pk, property, loser, winner)
                    SELECT p_db, cur_head, (x ->> 'seq')::bigint, x ->> 'class', decode(x ->> 'pk', 'hex'),
                        x ->> 'property',
                        p_client, x ->> 'winner'
                    FROM jsonb_array_elements(lost) x;
            END IF;
            RETURN jsonb_build_object('version', cur_head, 'last_seq', max_seq, 'lost', lost, 'rejected', rejected);
        END
        $fn$;

        REVOKE ALL ON SCHEMA strata FROM PUBLIC;
        REVOKE ALL ON ALL TABLES IN SCHEMA strata FROM PUBLIC;
        REVOKE ALL ON ALL SEQUENCES IN SCHEMA strata FROM PUBLIC;
        REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA strata FROM PUBLIC;
        COMMIT;
        """#

    /// What a database administrator runs so that `role` can use the hub: USAGE on the schema and EXECUTE on its
    /// functions (which are SECURITY DEFINER); the tables themselves are not granted. Run it again after an upgrade
    /// of the hub adds functions.
    ///
    /// - Parameter role: the application's role, exactly as PostgreSQL spells it (it is quoted as an identifier).
    package static func grantSQL(role: String) -> String {
        var quoted = "\""
        for character in role {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        quoted += "\""
        return """
            GRANT USAGE ON SCHEMA strata TO \(quoted);
            GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA strata TO \(quoted);
            """
    }
}
