using System.CommandLine;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>
/// <c>--batch-size</c>: the operations of an entity group transaction, or <c>none</c>, each write its own request. Its range is
/// <see cref="Transaction"/>'s, so --help, a refusal and a sweep's or tune's list (none among them) judge it by the same numbers.
/// </summary>
internal sealed class BatchSizeOption
{
    /// <summary>Operations an entity group transaction may hold (the service's limit).</summary>
    public const int MaxTableOperations = 100;

    public BatchSizeOption()
    {
        Option = new Option<string>("--batch-size")
        {
            Description = $"Entities per write or delete request: a number, the operations (--operation) of each entity group transaction (one $batch request, one partition); or {Batching.NoneText}, each write its own request as applications send them (the SDK's AddEntityAsync, a POST to the table; UpsertEntityAsync, a PUT or PATCH to the entity; DeleteEntityAsync, a DELETE with If-Match: *).",
            DefaultValueFactory = _ => "100",
        };
        var why = $"a batch holds at most {MaxTableOperations} operations";
        Transaction = new Bounded<int>(Option, Size, 1, MaxTableOperations, why, besides: Batching.NoneText);
    }

    public Option<string> Option { get; }

    /// <summary>A transaction's size, as the option bounds it: the range --help shows and a refusal says, <c>none</c> among them.</summary>
    public Bounded<int> Transaction { get; }

    // The given number; null for none (or no number at all).
    private int? Size(ParseResult parse) => Batching.TryParse(parse.GetValue(Option), out var given) ? given.Form switch
    {
        WriteForm.Transaction => given.Size,
        WriteForm.Single => null,
    } : null;

    /// <summary>The batching given or defaulted; null when refused (the refusal is then listed in <paramref name="errors"/>).</summary>
    public Batching? ValueIn(ParseResult parse, UsageErrors errors)
    {
        var text = parse.GetValue(Option) ?? "";
        if (!Batching.TryParse(text, out var batching))
        {
            errors.Require(Option, false, Transaction.Refusal(text.Trim()));
            return null;
        }

        return Judged(batching, errors);
    }

    /// <summary>The batching when its size is one the option accepts; null otherwise, its refusal listed in <paramref name="errors"/>.</summary>
    public Batching? Judged(Batching batching, UsageErrors errors) => batching.Form switch
    {
        WriteForm.Transaction => errors.Require(Option, Transaction.Accepts(batching.Size), Transaction.Refusal(batching.Size)) ? batching : null,
        WriteForm.Single => batching,
    };
}
