sqlite3 :memory: < s.sql   # CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT NOT NULL); dup key insert, NOT NULL insert, bad column select, select *
# exit status: 1
