using System.Reflection;
using System.Reflection.Emit;

namespace TableLoad.Tests.Architecture;

/// <summary>
/// Every type one compiled type names: in its declaration, its members' signatures, their attributes (the
/// attribute's type, its typeof and enum arguments), and the instructions of its method bodies (calls, field
/// reads, object creation, casts).
/// </summary>
internal static class TypeReferences
{
    private const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    private static readonly Dictionary<short, OpCode> OpCodesByValue = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!)
        .ToDictionary(o => o.Value);

    public static IEnumerable<Type> Of(Type type)
    {
        var found = new HashSet<Type>();
        AddAttributes(found, type.CustomAttributes);
        foreach (var member in type.GetMembers(Declared))
        {
            AddAttributes(found, member.CustomAttributes);
        }

        Add(found, type.BaseType);
        foreach (var contract in type.GetInterfaces())
        {
            Add(found, contract);
        }

        foreach (var field in type.GetFields(Declared))
        {
            Add(found, field.FieldType);
        }

        foreach (var method in type.GetMethods(Declared).Cast<MethodBase>().Concat(type.GetConstructors(Declared)))
        {
            if (method is MethodInfo info)
            {
                Add(found, info.ReturnType);
            }

            foreach (var parameter in method.GetParameters())
            {
                Add(found, parameter.ParameterType);
                AddAttributes(found, parameter.CustomAttributes);
            }

            foreach (var local in method.GetMethodBody()?.LocalVariables ?? [])
            {
                Add(found, local.LocalType);
            }

            foreach (var used in BodyReferences(method))
            {
                Add(found, used);
            }
        }

        return found;
    }

    private static IEnumerable<Type> BodyReferences(MethodBase method)
    {
        var il = method.GetMethodBody()?.GetILAsByteArray();
        if (il is null)
        {
            yield break;
        }

        var module = method.Module;
        var typeArguments = method.DeclaringType?.IsGenericType == true ? method.DeclaringType.GetGenericArguments() : null;
        var methodArguments = method.IsGenericMethod ? method.GetGenericArguments() : null;
        var at = 0;
        while (at < il.Length)
        {
            short value = il[at] == 0xFE ? (short)(0xFE00 | il[at + 1]) : il[at];
            at += il[at] == 0xFE ? 2 : 1;
            var opCode = OpCodesByValue[value];
            switch (opCode.OperandType)
            {
                case OperandType.InlineMethod or OperandType.InlineField or OperandType.InlineType or OperandType.InlineTok:
                    var member = module.ResolveMember(BitConverter.ToInt32(il, at), typeArguments, methodArguments);
                    if (member is Type used)
                    {
                        yield return used;
                    }
                    else if (member?.DeclaringType is { } owner)
                    {
                        yield return owner;
                    }

                    if (member is MethodInfo { IsGenericMethod: true } generic)
                    {
                        foreach (var argument in generic.GetGenericArguments())
                        {
                            yield return argument;
                        }
                    }

                    at += 4;
                    break;
                case OperandType.InlineSwitch:
                    at += 4 + (4 * BitConverter.ToInt32(il, at));
                    break;
                default:
                    at += OperandSize(opCode.OperandType);
                    break;
            }
        }
    }

    private static int OperandSize(OperandType operand) => operand switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        _ => 4,
    };

    private static void AddAttributes(HashSet<Type> found, IEnumerable<CustomAttributeData> attributes)
    {
        foreach (var attribute in attributes)
        {
            Add(found, attribute.AttributeType);
            foreach (var argument in attribute.ConstructorArguments.Concat(attribute.NamedArguments.Select(n => n.TypedValue)))
            {
                AddArgument(found, argument);
            }
        }
    }

    private static void AddArgument(HashSet<Type> found, CustomAttributeTypedArgument argument)
    {
        Add(found, argument.ArgumentType);
        switch (argument.Value)
        {
            case Type named:
                Add(found, named);
                break;
            case IEnumerable<CustomAttributeTypedArgument> elements:
                foreach (var element in elements)
                {
                    AddArgument(found, element);
                }

                break;
        }
    }

    /// <summary>A type and the types it is made of: element types, generic arguments.</summary>
    private static void Add(HashSet<Type> found, Type? type)
    {
        if (type is null || type.IsGenericParameter || !found.Add(type))
        {
            return;
        }

        if (type.HasElementType)
        {
            Add(found, type.GetElementType());
        }

        if (type.IsGenericType)
        {
            foreach (var argument in type.GetGenericArguments())
            {
                Add(found, argument);
            }
        }
    }
}
