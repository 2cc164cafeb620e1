// A thin RAII layer over SQLite's C API: a connection, prepared statements with typed binds and
// columns, and errors that carry SQLite's own message.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace mapscape::sql {

class Error : public std::runtime_error {
public:
    Error(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
    int code() const { return code_; }  // SQLite's primary result code (SQLITE_CORRUPT, ...)

private:
    int code_;
};

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;

    // Parameters are 1-based, as in SQLite.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bind_null(int index);
    // Text, or NULL when empty.
    Statement& bind_text_or_null(int index, std::string_view text);

    // True while there is a row to read; false when done.
    bool step();
    // Runs a statement that returns no rows.
    void run();
    void reset();

    int columns() const;
    bool is_null(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::string_view text_view(int column) const;  // valid until the next step
    std::string column_name(int column) const;

private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

class Connection {
public:
    enum class Mode { ReadOnly, ReadWriteCreate };
    Connection(const std::string& path, Mode mode);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    void exec(std::string_view sql);
    Statement prepare(std::string_view sql) { return Statement(db_, sql); }
    // The first column of the first row, or nullopt when there is no row.
    std::optional<std::int64_t> integer(std::string_view sql);
    std::optional<std::string> text(std::string_view sql);
    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }

private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// Runs a function in a transaction: commits when it returns, rolls back when it throws. A
// savepoint, so that it nests in an enclosing transaction (bulk writes) and is one otherwise.
template <class F>
void in_transaction(Connection& db, F&& body) {
    db.exec("SAVEPOINT mapscape_write");
    try {
        body();
    } catch (...) {
        try {
            db.exec("ROLLBACK TO mapscape_write; RELEASE mapscape_write");
        } catch (...) {
        }
        throw;
    }
    db.exec("RELEASE mapscape_write");
}

}  // namespace mapscape::sql
