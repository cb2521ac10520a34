/* SPDX-License-Identifier: Apache-2.0 */
#include "report.h"

#include <signal.h>
#include <string.h>

/* Rows of torn values shown per case in text; CSV and JSON list them all. */
#define TEXT_MAX_ROWS 12

const char *tt_verdict_name(const tt_result *r)
{
    if (r->status == TT_SKIPPED)
        return "SKIPPED";
    if (r->status == TT_FAILED)
        return "FAILED";
    return tt_grade_name(tt_result_verdict(r));
}

/* 1234567 -> "1,234,567" */
static const char *grouped(char *buf, size_t cap, uint64_t v)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    size_t at = 0;
    for (int i = 0; i < n && at + 2 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            buf[at++] = ',';
        buf[at++] = digits[i];
    }
    buf[at] = '\0';
    return buf;
}

static void cpu_list(char *buf, size_t cap, const tt_result *r)
{
    size_t at = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < r->threads && at < cap; i++) {
        if (r->cpus[i] < 0)
            at += (size_t)snprintf(buf + at, cap - at, "%sunpinned", i ? ", " : "");
        else
            at += (size_t)snprintf(buf + at, cap - at, "%scpu %d", i ? ", " : "", r->cpus[i]);
    }
}

static void json_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s != '\0'; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

static void csv_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s != '\0'; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* How often the case saw what it should not have, whatever it is called:
 * torn values, lost updates, or items not from one write. */
static uint64_t surprising(const tt_result *r)
{
    uint64_t n = r->more_count;
    for (unsigned i = 0; i < r->n; i++)
        if (r->out[i].grade != TT_ACCEPTABLE && !r->out[i].detail)
            n += r->out[i].count;
    return n;
}

void tt_report_begin(FILE *out, tt_format f, const tt_env *e, const tt_config *cfg)
{
    char cpus[256] = "";
    size_t at = 0;
    for (unsigned i = 0; i < cfg->ncpus && at < sizeof cpus; i++)
        at += (size_t)snprintf(cpus + at, sizeof cpus - at, "%s%d", i ? "," : "", cfg->cpus[i]);
    switch (f) {
    case TT_FMT_TEXT:
        fprintf(out, "lepack torture: %s, %u CPUs online, usable: %s\n", e->cpu, e->online, cpus);
        fprintf(out, "  %s; compiler %s; accesses: %s\n", e->kernel, e->compiler, e->access);
        fprintf(out, "  cmpxchg16b: %s; split locks: %s%s%s; split_lock_mitigate=%d\n",
                e->cx16 ? "yes" : "no", tt_split_text(e), e->kernel_param[0] ? "; " : "",
                e->kernel_param, e->mitigate);
        fprintf(out, "  %.3g s per case, %u reader%s, threads %s\n\n", cfg->seconds, cfg->readers,
                cfg->readers == 1 ? "" : "s",
                cfg->pin && cfg->ncpus >= 2 ? "pinned to distinct CPUs" : "not pinned");
        break;
    case TT_FMT_CSV:
        fprintf(out, "case,kind,width,place,method,promise,race_free,verdict,seconds,writes,reads,"
                     "state,count,grade\n");
        break;
    case TT_FMT_JSON:
        fprintf(out, "{\n  \"machine\": {\"cpu\": ");
        json_str(out, e->cpu);
        fprintf(out, ", \"online\": %u, \"usable\": [%s], \"kernel\": ", e->online, cpus);
        json_str(out, e->kernel);
        fprintf(out, ", \"compiler\": ");
        json_str(out, e->compiler);
        fprintf(out, ", \"access\": ");
        json_str(out, e->access);
        fprintf(out, ",\n    \"cmpxchg16b\": %s, \"split_lock_detect\": %s, \"bus_lock_detect\": %s, "
                     "\"kernel_param\": ",
                e->cx16 ? "true" : "false", e->split_lock_detect ? "true" : "false",
                e->bus_lock_detect ? "true" : "false");
        json_str(out, e->kernel_param);
        fprintf(out, ", \"split_lock_mitigate\": %d, \"split_locks\": ", e->mitigate);
        json_str(out, tt_split_text(e));
        fprintf(out, "},\n  \"seconds_per_case\": %g, \"readers\": %u, \"pinned\": %s,\n"
                     "  \"cases\": [",
                cfg->seconds, cfg->readers, cfg->pin && cfg->ncpus >= 2 ? "true" : "false");
        break;
    case TT_FMT_MD:
        break;
    }
}

static void text_case(FILE *out, const tt_case *c, const tt_result *r)
{
    char a[32], b[32], cpus[96];
    fprintf(out, "[%s] %s\n  %s; promised by: %s\n", tt_verdict_name(r), c->name, c->about,
            tt_promise_name(c->promise));
    if (r->status == TT_SKIPPED || (r->status == TT_FAILED && r->n == 0)) {
        fprintf(out, "  %s\n\n", r->note);
        return;
    }
    if (r->status != TT_FAULTED) {
        cpu_list(cpus, sizeof cpus, r);
        fprintf(out, "  %.2f s, %s writes, %s reads; threads on %s\n", r->seconds,
                grouped(a, sizeof a, r->writes), grouped(b, sizeof b, r->reads), cpus);
    }
    if (r->note[0] != '\0')
        fprintf(out, "  %s\n", r->note);
    fprintf(out, "    %-40s %13s  %-23s %s\n", "Observed state", "Occurrences", "Expectation",
            "Interpretation");
    unsigned shown = 0, hidden = 0;
    uint64_t hidden_count = 0;
    for (unsigned i = 0; i < r->n; i++) {
        const tt_outcome *o = &r->out[i];
        if (o->grade != TT_ACCEPTABLE && o->count > 0 && c->kind == TT_KIND_ATOM &&
            shown++ >= TEXT_MAX_ROWS) {
            hidden++;
            hidden_count += o->count;
            continue;
        }
        fprintf(out, "    %-40s %13s  %-23s %s\n", o->state, grouped(a, sizeof a, o->count),
                tt_grade_name(o->grade), o->meaning);
    }
    if (hidden + r->more_states > 0 || r->more_count > 0)
        fprintf(out, "    %-40s %13s  (listed in --format csv/json)\n", "... other torn values",
                grouped(a, sizeof a, hidden_count + r->more_count));
    fputc('\n', out);
}

static void csv_case(FILE *out, const tt_case *c, const tt_result *r)
{
    unsigned rows = r->n > 0 ? r->n : 1;
    for (unsigned i = 0; i < rows; i++) {
        csv_str(out, c->name);
        fprintf(out, ",%s,%u,%s,%s,%s,%d,%s,%.3f,%llu,%llu,",
                c->kind == TT_KIND_ATOM ? "atom" : c->kind == TT_KIND_MSG ? "msg" : "tear",
                c->width, tt_place_name(c->place), tt_method_name(c->method),
                tt_promise_name(c->promise), c->race_free, tt_verdict_name(r), r->seconds,
                (unsigned long long)r->writes, (unsigned long long)r->reads);
        if (r->n > 0) {
            csv_str(out, r->out[i].state);
            fprintf(out, ",%llu,%s\n", (unsigned long long)r->out[i].count,
                    tt_grade_name(r->out[i].grade));
        } else {
            csv_str(out, r->note);
            fprintf(out, ",0,\n");
        }
    }
}

static void json_case(FILE *out, const tt_case *c, const tt_result *r, unsigned index)
{
    fprintf(out, "%s\n    {\"name\": ", index ? "," : "");
    json_str(out, c->name);
    fprintf(out, ", \"about\": ");
    json_str(out, c->about);
    fprintf(out, ", \"width\": %u, \"place\": \"%s\", \"method\": \"%s\", \"promise\": \"%s\", "
                 "\"race_free\": %s, \"split_lock\": %s,\n     \"verdict\": \"%s\", "
                 "\"signal\": %d, \"note\": ",
            c->width, tt_place_name(c->place), tt_method_name(c->method),
            tt_promise_name(c->promise), c->race_free ? "true" : "false",
            c->split_lock ? "true" : "false", tt_verdict_name(r), r->signal);
    json_str(out, r->note);
    fprintf(out, ", \"seconds\": %.3f, \"writes\": %llu, \"reads\": %llu, \"cpus\": [",
            r->seconds, (unsigned long long)r->writes, (unsigned long long)r->reads);
    for (unsigned i = 0; i < r->threads; i++)
        fprintf(out, "%s%d", i ? ", " : "", r->cpus[i]);
    fprintf(out, "], \"unlisted_count\": %llu,\n     \"outcomes\": [",
            (unsigned long long)r->more_count);
    for (unsigned i = 0; i < r->n; i++) {
        fprintf(out, "%s\n       {\"state\": ", i ? "," : "");
        json_str(out, r->out[i].state);
        fprintf(out, ", \"count\": %llu, \"expectation\": \"%s\", \"meaning\": ",
                (unsigned long long)r->out[i].count, tt_grade_name(r->out[i].grade));
        json_str(out, r->out[i].meaning);
        fputc('}', out);
    }
    fprintf(out, "]}");
}

void tt_report_case(FILE *out, tt_format f, const tt_case *c, const tt_result *r, unsigned index)
{
    switch (f) {
    case TT_FMT_TEXT: text_case(out, c, r); break;
    case TT_FMT_CSV: csv_case(out, c, r); break;
    case TT_FMT_JSON: json_case(out, c, r, index); break;
    case TT_FMT_MD: break;
    }
    fflush(out);
}

void tt_report_end(FILE *out, tt_format f, const tt_summary *s)
{
    if (f == TT_FMT_JSON)
        fprintf(out, "\n  ],\n  \"summary\": {\"cases\": %u, \"acceptable\": %u, "
                     "\"interesting\": %u, \"forbidden\": %u, \"skipped\": %u, \"failed\": %u, "
                     "\"seconds\": %.1f}\n}\n",
                s->cases, s->acceptable, s->interesting, s->forbidden, s->skipped, s->failed,
                s->seconds);
}

static void md_rate(char *buf, size_t cap, uint64_t n, uint64_t of)
{
    double rate = of > 0 ? 1e6 * (double)n / (double)of : 0;
    if (n == 0)
        snprintf(buf, cap, "0");
    else if (of == 0)
        snprintf(buf, cap, "-");
    else if (rate >= 10)
        grouped(buf, cap, (uint64_t)(rate + 0.5));
    else
        snprintf(buf, cap, "%.2g", rate);
}

void tt_report_md(FILE *out, const tt_env *e, const tt_config *cfg, const tt_case *const *c,
                  const tt_result *r, unsigned n, const tt_summary *s)
{
    char a[32], b[32], d[32], rate[32];
    fprintf(out, "Machine: %s, %u CPUs online (threads %s); %s; compiler %s; accesses: %s; "
                 "cmpxchg16b: %s; split locks: %s%s%s.  %g s per case, %u reader%s; "
                 "%u cases in %.0f s.\n\n",
            e->cpu, e->online, cfg->pin && cfg->ncpus >= 2 ? "pinned" : "not pinned", e->kernel,
            e->compiler, e->access, e->cx16 ? "yes" : "no", tt_split_text(e),
            e->kernel_param[0] ? ", " : "", e->kernel_param, cfg->seconds, cfg->readers,
            cfg->readers == 1 ? "" : "s", s->cases, s->seconds);
    fprintf(out, "| case | promised by | writes | reads | torn / lost / mixed | per million reads "
                 "| verdict |\n|---|---|--:|--:|--:|--:|---|\n");
    for (unsigned i = 0; i < n; i++) {
        const tt_result *x = &r[i];
        if (x->status == TT_SKIPPED) {
            fprintf(out, "| `%s` | %s | | | | | SKIPPED: %s |\n", c[i]->name,
                    tt_promise_name(c[i]->promise), x->note);
            continue;
        }
        if (x->status == TT_FAULTED) {
            fprintf(out, "| `%s` | %s | | | %s | | %s |\n", c[i]->name,
                    tt_promise_name(c[i]->promise),
                    x->signal == SIGSEGV ? "SIGSEGV"
                    : x->signal == SIGBUS ? "SIGBUS"
                                          : "a signal",
                    tt_verdict_name(x));
            continue;
        }
        uint64_t bad = surprising(x);
        md_rate(rate, sizeof rate, bad, x->reads);
        fprintf(out, "| `%s` | %s | %s | %s | %s | %s | %s |\n", c[i]->name,
                tt_promise_name(c[i]->promise), grouped(a, sizeof a, x->writes),
                grouped(b, sizeof b, x->reads), grouped(d, sizeof d, bad), rate,
                tt_verdict_name(x));
    }

    /* The same in words. */
    static const char *const head[3] = {"Torn values, lost updates or mixed items were seen in",
                                        "Refused by the CPU or the kernel (a signal):",
                                        "Nothing surprising was seen in"};
    fputc('\n', out);
    for (unsigned h = 0; h < 3; h++) {
        unsigned listed = 0;
        for (unsigned i = 0; i < n; i++) {
            const tt_result *x = &r[i];
            int fits = h == 0   ? x->status == TT_RAN && surprising(x) > 0
                       : h == 1 ? x->status == TT_FAULTED
                                : x->status == TT_RAN && surprising(x) == 0;
            if (fits)
                fprintf(out, "%s `%s`", listed++ ? "," : head[h], c[i]->name);
        }
        if (listed > 0)
            fprintf(out, ".\n\n");
        else if (h != 1)
            fprintf(out, "%s no case.\n\n", head[h]);
    }

    /* The message cases, state by state. */
    unsigned msg[8], nmsg = 0;
    for (unsigned i = 0; i < n && nmsg < 8; i++)
        if (c[i]->kind == TT_KIND_MSG && r[i].status == TT_RAN)
            msg[nmsg++] = i;
    if (nmsg == 0)
        return;
    fprintf(out, "lepack's layout, items read (a pass reads all 16 items):\n\n| state |");
    for (unsigned k = 0; k < nmsg; k++)
        fprintf(out, " `%s` |", c[msg[k]]->name);
    fprintf(out, "\n|---|");
    for (unsigned k = 0; k < nmsg; k++)
        fprintf(out, "--:|");
    fputc('\n', out);
    const tt_result *first = &r[msg[0]];
    for (unsigned row = 0; row < first->n; row++) {
        fprintf(out, "| %s |", first->out[row].state);
        for (unsigned k = 0; k < nmsg; k++) {
            const tt_result *x = &r[msg[k]];
            uint64_t v = row < x->n ? x->out[row].count : 0;
            fprintf(out, " %s |", grouped(a, sizeof a, v));
        }
        fputc('\n', out);
    }
}
